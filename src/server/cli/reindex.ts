import { parseArgs } from 'node:util';
import { openDatabase } from './open-db.ts';

const help = 'Usage: npm run reindex\nRebuilds the search index from every post and comment of the forum (DATA_DIR or DATABASE_URL).';

// npm run reindex: makes the search index again from every post and comment, as one write
// (a running SQLite server's writes wait for it, up to their busy timeout; on PostgreSQL
// searches see the old index until it commits).
async function main() {
  let values: { help?: boolean | undefined };
  try {
    // Nothing else is taken: a mistyped option (`--hepl`) must not start a whole rebuild.
    ({ values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${help}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(help);
    return;
  }
  const database = await openDatabase();
  try {
    const started = Date.now();
    await database.writes.run(async (w) => w.record({ type: 'search.rebuild' }));
    const docs = await database.db
      .selectFrom('search_docs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`Indexed ${Number(docs.n)} posts and comments in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

void main();
