import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// Each search document records the version of the rule its terms were made with
// (SEARCH_TERMS_VERSION, features/search/search-terms.ts), so the documents of an older rule are
// made again in the background at start (search.catch-up.ts, ADR 0022). The documents indexed
// before this migration get 0, older than any version: which rule made them is not known.
//
// A database made since migration 0013 has the column from there (that migration indexes with
// today's code, which writes it). The index finds the older documents at start without reading
// every row; a new document's entry goes after the others (the current version, the highest id).

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table search_docs add column if not exists terms_version integer not null default 0`.execute(db);
  } else {
    const { rows } = await sql`select 1 from pragma_table_info('search_docs') where name = 'terms_version'`.execute(db);
    if (rows.length === 0) await sql`alter table search_docs add column terms_version integer not null default 0`.execute(db);
  }
  // SQLite's index ends with the row's id already (here the integer primary key): naming it
  // again stored it twice.
  const columns = engine === 'postgres' ? ['terms_version', 'id'] : ['terms_version'];
  await db.schema.createIndex('search_docs_terms_version_idx').on('search_docs').columns(columns).execute();
}
