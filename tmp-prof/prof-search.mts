import { createDb } from '/work/main/src/server/db/create-db.ts';
import { loadConfig } from '/work/main/src/server/config/env.ts';
import { search } from '/work/main/src/server/features/search/search.service.ts';
import { newestMatches, hitRows } from '/work/main/src/server/features/search/search.queries.ts';
import { parseQuery } from '/work/main/src/server/features/search/search-terms.ts';
process.env.DATA_DIR = '/tmp/s100k';
const database = createDb(loadConfig());
const db = database.db;
const time = async (label: string, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await fn();
  const s = performance.now();
  for (let i = 0; i < 50; i++) await fn();
  console.log(label, ((performance.now() - s) / 50).toFixed(2), 'ms');
};
const parsed = parseQuery('migrations');
await time('search', () => search(db, { q: 'migrations', page: 0, limit: 10, sort: 'relevance' }));




await time('search tag', () => search(db, { q: 'tag:rust flaky', page: 0, limit: 10, sort: 'relevance' }));
await database.close();
