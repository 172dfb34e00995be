import { createDb } from '/work/main/src/server/db/create-db.ts';
import { loadConfig } from '/work/main/src/server/config/env.ts';
import { countMatches, newestMatches, hitRows } from '/work/main/src/server/features/search/search.queries.ts';
import { parseQuery, tagFilterTerm } from '/work/main/src/server/features/search/search-terms.ts';
import { snippetOf, textOfHtml } from '/work/main/src/server/features/search/search-snippet.ts';
const database = createDb(loadConfig());
const db = database.db;
const time = async (label: string, fn: () => unknown) => {
  for (let i = 0; i < 5; i++) await fn();
  const s = performance.now();
  for (let i = 0; i < 50; i++) await fn();
  console.log(label, ((performance.now() - s) / 50).toFixed(3), 'ms');
};
for (const q of ['migrations', 'tag:rust flaky']) {
  const p = parseQuery(q);
  const f = { tag: p.tag ? tagFilterTerm(p.tag) : null, authors: [] };
  await time(q + ' count all', () => countMatches(db, p, 'all', f, 1000));
  await time(q + ' count title', () => countMatches(db, p, 'title', f, 1000));
  await time(q + ' page title', () => newestMatches(db, p, 'title', f, { offset: 0, limit: 10 }));
  await time(q + ' page not-title', () => newestMatches(db, p, 'not-title', f, { offset: 0, limit: 10 }));
  const ids = await newestMatches(db, p, 'all', f, { offset: 0, limit: 10 });
  await time(q + ' hits', () => hitRows(db, ids));
  const rows = await hitRows(db, ids);
  await time(q + ' text', () => rows.map((r) => textOfHtml(r.html)));
  const texts = rows.map((r) => textOfHtml(r.html));
  await time(q + ' snippet', () => texts.map((t) => snippetOf(t, p.terms)));
}
await database.close();
