import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { runDeferrable } from '../../db/deferred.ts';
import { executeDirect, queryDirect } from '../../db/direct-sqlite.ts';
import { engineOf, isPostgres } from '../../db/engine.ts';
import { holdUntilCommit, supersedeHeld } from '../../db/held-until-commit.ts';
import { beyondAscii, lowerCase } from '../../db/lower-case.ts';
import type { Db } from '../../db/schema.ts';
import { SEARCH_TERMS_VERSION, type ParsedQuery, type QueryTerm, type SearchDocument } from './search-terms.ts';

/**
 * The search index's SQL, for both engines (migration 0013 makes the tables).
 *
 * search_docs has one row per post and per comment; its id grows with every document written,
 * so the newest matches are the highest ids, and an edit keeps its document's id. On SQLite the
 * terms live in search_fts, an FTS5 table without content whose rowid is that id; on
 * PostgreSQL in search_docs.document, a tsvector (title A, tag B, body C, filters D) under a
 * GIN index. The terms are made by search-terms.ts; neither engine parses what a member typed.
 * Every statement that writes a document's terms also writes the version of the rule that made
 * them (terms_version = SEARCH_TERMS_VERSION), so the documents of an older rule can be found.
 */

// ——— Writing ———

/** Fields are this far apart in a tsvector, so no phrase runs from one into the next. */
const FIELD_GAP = 8;
/** PostgreSQL keeps positions up to this; later ones would all share it. */
const POSITION_MAX = 16383;
/** ...and at most this many positions per term. */
const POSITIONS_PER_TERM = 256;

/**
 * The tsvector of a document, as PostgreSQL's input syntax (terms are letters and digits only).
 * Part of the terms' rule: a change here bumps SEARCH_TERMS_VERSION.
 */
export function tsvectorOf(doc: SearchDocument): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  const fields: Array<[string[], string]> = [
    [doc.title, 'A'],
    [doc.tag, 'B'],
    [doc.body, 'C'],
    [doc.meta, 'D'],
  ];
  for (const [terms, weight] of fields) {
    for (const term of terms) {
      position = Math.min(position + 1, POSITION_MAX);
      const list = positions.get(term) ?? [];
      if (list.length < POSITIONS_PER_TERM) list.push(`${position}${weight}`);
      positions.set(term, list);
    }
    position = Math.min(position + FIELD_GAP, POSITION_MAX);
  }
  return [...positions].map(([term, list]) => `'${term}':${list.join(',')}`).join(' ');
}

const joined = (terms: string[]) => terms.join(' ');

/**
 * The words given as one JSON array, spread by SQLite's json_each: one statement and one bound
 * value however many words (a row of SQL per word cost a comment more to build than to run).
 */
const REMEMBER_TERMS = 'insert into search_terms (term) select value from json_each(?) where true on conflict do nothing';

/** Keeps the words of documents in search_terms, where SQLite looks prefixes up (expandPrefixes). */
async function rememberTerms(db: Db, docs: SearchDocument[], known?: Set<string>): Promise<void> {
  const terms = new Set<string>();
  for (const doc of docs)
    for (const field of [doc.title, doc.tag, doc.body]) for (const term of field) if (!known?.has(term)) terms.add(term);
  if (terms.size === 0) return;
  await executeDirect(db, CompiledQuery.raw(REMEMBER_TERMS, [JSON.stringify([...terms])]));
  if (known) for (const term of terms) if (known.size < KNOWN_TERMS_MAX) known.add(term);
}

/** How many words a rebuild remembers having written already (most words repeat; memory stays bounded). */
const KNOWN_TERMS_MAX = 200_000;

/** After a rebuild: new documents continue after the ids given, and SQLite merges its index. */
export async function finishRebuild(db: Db): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    // One b-tree per word instead of the many segments a bulk load leaves: faster reads.
    await sql`insert into search_fts (search_fts) values ('optimize')`.execute(db);
    return;
  }
  await sql`select setval(pg_get_serial_sequence('search_docs', 'id'), coalesce((select max(id) from search_docs), 0) + 1, false)`.execute(
    db,
  );
}

/** A document's row of search_fts, in the order of FTS_COLUMNS. */
const ftsValues = (id: number, doc: SearchDocument) => [id, joined(doc.title), joined(doc.tag), joined(doc.body), joined(doc.meta)];
const FTS_COLUMNS = 'rowid, title, tag, body, meta';

const ftsRow = (id: number, doc: SearchDocument) => sql`(${sql.join(ftsValues(id, doc))})`;

// A new document's statements on SQLite, as text with bound values: one of each per comment
// written, so they are not built and compiled anew each time.
const INSERT_DOC = `insert into search_docs (post_id, comment_id, author_id, created_at, terms_version)
    values (?, ?, ?, ?, ${SEARCH_TERMS_VERSION}) returning id`;
const INSERT_FTS = `insert into search_fts (${FTS_COLUMNS}) values (?, ?, ?, ?, ?)`;

const ftsInsert = (id: number, doc: SearchDocument) => CompiledQuery.raw(INSERT_FTS, ftsValues(id, doc));

/** Writes one post's or comment's document: a new one, or over the one it had (keeping its id). */
export async function writeDocument(
  db: Db,
  target: { postId: string; commentId: string | null; authorId: string; createdAt: string },
  doc: SearchDocument,
  /** A post or comment just written has no document yet: no need to look for one. */
  isNew = false,
): Promise<void> {
  const key = target.commentId === null ? sql`post_id = ${target.postId} and comment_id is null` : sql`comment_id = ${target.commentId}`;
  const existing = isNew
    ? { rows: [] }
    : await sql<{ id: number; version: number }>`select id, terms_version as version from search_docs where ${key}`.execute(db);
  const id = existing.rows[0] ? Number(existing.rows[0].id) : null;
  if (engineOf(db) === 'sqlite') await rememberTerms(db, [doc]);
  if (engineOf(db) === 'postgres') {
    // Nothing is read back: the row travels with the transaction's next statement (db/deferred.ts).
    // The row is found by what it indexes, not by the id read above: a rebuild that commits
    // meanwhile numbers every document afresh, and this update then waits for it.
    const write =
      id !== null
        ? sql`update search_docs set document = ${tsvectorOf(doc)}::tsvector, terms_version = ${SEARCH_TERMS_VERSION} where ${key}`
        : sql`insert into search_docs (post_id, comment_id, author_id, created_at, document, terms_version)
          values (${target.postId}, ${target.commentId}, ${target.authorId}, ${target.createdAt}, ${tsvectorOf(doc)}::tsvector,
            ${SEARCH_TERMS_VERSION})`;
    await runDeferrable(db, write.compile(db));
    return;
  }
  if (id !== null) {
    await writeFts(db, sql`delete from search_fts where rowid = ${id}`.compile(db));
    await writeFts(db, ftsInsert(id, doc));
    // Most documents edited are current already: their row is left alone.
    if (Number(existing.rows[0]!.version) !== SEARCH_TERMS_VERSION)
      await sql`update search_docs set terms_version = ${SEARCH_TERMS_VERSION} where id = ${id}`.execute(db);
    return;
  }
  const inserted = await queryDirect<{ id: number }>(db, INSERT_DOC, [target.postId, target.commentId, target.authorId, target.createdAt]);
  await writeFts(db, ftsInsert(Number(inserted.rows[0]!.id), doc));
}

/** A write to SQLite's FTS5 table: held to the end of a group-committed batch, when there is one (db/held-until-commit.ts). */
async function writeFts(db: Db, statement: CompiledQuery): Promise<void> {
  if (!holdUntilCommit(db, statement)) await db.executeQuery(statement);
}

/**
 * The documents of some comments, and of a post itself when it is named. A removed post names
 * its comments (they are gone by the time the index follows): documents are not indexed by their
 * post (migration 0019), which would cost each comment written a page of the log.
 */
export interface DocumentsOf {
  postId?: string;
  commentIds: string[];
}

/** Comment ids per statement (SQLite binds at most 32,766 values). */
const IDS_PER_STATEMENT = 1000;

function* documentsWhere(of: DocumentsOf): Generator<RawBuilder<unknown>> {
  if (of.postId !== undefined) yield sql`post_id = ${of.postId} and comment_id is null`;
  for (let i = 0; i < of.commentIds.length; i += IDS_PER_STATEMENT)
    yield sql`comment_id in (${sql.join(of.commentIds.slice(i, i + IDS_PER_STATEMENT))})`;
}

/**
 * Removes the documents of a post or of some comments. PostgreSQL finds them by what they
 * index, in the deleting statement: ids read first could belong to other documents once a
 * rebuild that commits meanwhile has numbered them afresh. SQLite's one writer runs nothing in
 * between, and its full-text rows are found by id.
 */
export async function removeDocuments(db: Db, of: DocumentsOf): Promise<void> {
  for (const where of documentsWhere(of)) {
    if (engineOf(db) === 'postgres') {
      await sql`delete from search_docs where ${where}`.execute(db);
      continue;
    }
    const r = await sql<{ id: number }>`select id from search_docs where ${where}`.execute(db);
    if (r.rows.length === 0) continue;
    const list = sql.join(r.rows.map((row) => Number(row.id)));
    await writeFts(db, sql`delete from search_fts where rowid in (${list})`.compile(db));
    await sql`delete from search_docs where id in (${list})`.execute(db);
  }
}

export async function removeAllDocuments(db: Db): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    // What the batch held for the index is made again from the tables (it already has their rows).
    supersedeHeld(db);
    await sql`insert into search_fts (search_fts) values ('delete-all')`.execute(db);
    await sql`delete from search_terms`.execute(db);
  } else {
    // A rebuild numbers every document afresh: writes that would add theirs meanwhile wait
    // until it commits (searches still read the old index), rather than take an id it hands
    // out or index a comment it indexes too. Writes already under way finish first.
    await sql`lock table search_docs in exclusive mode`.execute(db);
  }
  await sql`delete from search_docs`.execute(db);
}

/** What a post's or comment's document is made from. */
export interface IndexSource {
  postId: string;
  commentId: string | null;
  authorId: string;
  createdAt: string;
  title: string;
  category: string;
  html: string;
}

export async function postSource(db: Db, postId: string): Promise<IndexSource | undefined> {
  const r = await sql<IndexSource>`select id as "postId", null as "commentId", author_id as "authorId", created_at as "createdAt",
      title, category, description_html as html from posts where id = ${postId}`.execute(db);
  return r.rows[0];
}

export async function commentSources(db: Db, of: { commentId: string } | { postId: string }): Promise<IndexSource[]> {
  const where = 'commentId' in of ? sql`c.id = ${of.commentId}` : sql`c.post_id = ${of.postId}`;
  const r = await sql<IndexSource>`select c.post_id as "postId", c.id as "commentId", c.author_id as "authorId",
      c.created_at as "createdAt", p.title, p.category, c.comment_html as html
      from comments c join posts p on p.id = c.post_id where ${where}`.execute(db);
  return r.rows;
}

/**
 * Gives every post and comment its document row, numbered in the order they were written (the
 * rebuild: one sort of them all, then the terms are added a batch at a time by documentsAfter).
 */
export async function numberAllDocuments(db: Db): Promise<number> {
  const pg = engineOf(db) === 'postgres';
  await sql`insert into search_docs (id, post_id, comment_id, author_id, created_at, terms_version${pg ? sql`, document` : sql``})
      select row_number() over (order by created_at, kind, id), post_id, comment_id, author_id, created_at,
        ${SEARCH_TERMS_VERSION}${pg ? sql`, ''::tsvector` : sql``}
      from (
        select id, 0 as kind, id as post_id, cast(null as text) as comment_id, author_id, created_at from posts
        union all
        select id, 1 as kind, post_id, id as comment_id, author_id, created_at from comments
      ) as written`.execute(db);
  const r = await sql<{ n: number | string | null }>`select max(id) as n from search_docs`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Documents, with what their terms are made from. */
async function documentSources(db: Db, where: RawBuilder<unknown>, limit: number): Promise<Array<IndexSource & { id: number }>> {
  const r = await sql<IndexSource & { id: number }>`select d.id, d.post_id as "postId", d.comment_id as "commentId",
      d.author_id as "authorId", d.created_at as "createdAt", p.title, p.category,
      coalesce(c.comment_html, p.description_html) as html
      from search_docs d join posts p on p.id = d.post_id left join comments c on c.id = d.comment_id
      where ${where} order by d.id limit ${limit}`.execute(db);
  return r.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The documents after an id, with what their terms are made from. */
export const documentsAfter = (db: Db, afterId: number, limit: number) => documentSources(db, sql`d.id > ${afterId}`, limit);

/** Those of these documents whose post (and comment) still exist, with what their terms are made from. */
export const documentsWithIds = (db: Db, ids: number[]) =>
  documentSources(db, sql`d.id in (${sql.join(ids)}) and (d.comment_id is null or c.id is not null)`, ids.length);

/** Writes the terms of documents that have their rows (numberAllDocuments). */
export async function writeTerms(
  db: Db,
  docs: Array<{ id: number; document: SearchDocument }>,
  /** The words this rebuild wrote to search_terms already. */
  known?: Set<string>,
): Promise<void> {
  if (docs.length === 0) return;
  if (engineOf(db) === 'postgres') {
    await sql`update search_docs as d set document = v.document::tsvector, terms_version = ${SEARCH_TERMS_VERSION}
        from (values ${sql.join(docs.map((doc) => sql`(${doc.id}::bigint, ${tsvectorOf(doc.document)})`))}) as v(id, document)
        where d.id = v.id`.execute(db);
    return;
  }
  await rememberTerms(
    db,
    docs.map((d) => d.document),
    known,
  );
  await sql`insert into search_fts (${sql.raw(FTS_COLUMNS)}) values ${sql.join(docs.map((d) => ftsRow(d.id, d.document)))}`.execute(db);
}

// ——— Documents of an older rule (search.catch-up.ts) ———

/** How many documents were made with an older version of the terms' rule. */
export async function countOutdated(db: Db): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from search_docs where terms_version < ${SEARCH_TERMS_VERSION}`.execute(
    db,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The oldest version of the terms' rule that documents still carry, when older than the current
 * one; with `above`, the oldest of those newer than it.
 */
export async function oldestOutdatedVersion(db: Db, above?: number): Promise<number | null> {
  const r = await sql<{ v: number | null }>`select min(terms_version) as v from search_docs
      where terms_version < ${SEARCH_TERMS_VERSION}${above === undefined ? sql`` : sql` and terms_version > ${above}`}`.execute(db);
  const v = r.rows[0]?.v;
  return v === null || v === undefined ? null : Number(v);
}

/**
 * The next documents of one older version, in the order they were written, after an id (the
 * index on terms_version and id finds them). On PostgreSQL they stay locked until the write
 * ends, and documents another instance's batch holds are passed over (`skip locked`): two
 * instances never make one document at once, and an edit of a document waits for the batch
 * that holds it, then writes its own terms over the batch's. SQLite's one writer runs nothing
 * in between.
 */
export async function outdatedDocumentIds(db: Db, version: number, afterId: number, limit: number): Promise<number[]> {
  const r = await sql<{ id: number }>`select id from search_docs where terms_version = ${version} and id > ${afterId}
      order by id limit ${limit}${isPostgres(db) ? sql` for update skip locked` : sql``}`.execute(db);
  return r.rows.map((row) => Number(row.id));
}

/**
 * Writes the terms of documents again, over those they had (keeping their ids), with the
 * current version. On SQLite the full-text statements are held to the batch's end like any
 * write's (ADR 0018), so they stay in order with those of the batch's other writes.
 */
export async function rewriteTerms(db: Db, docs: Array<{ id: number; document: SearchDocument }>): Promise<void> {
  if (docs.length === 0) return;
  if (engineOf(db) === 'postgres') {
    await writeTerms(db, docs);
    return;
  }
  const ids = sql.join(docs.map((d) => d.id));
  await writeFts(db, sql`delete from search_fts where rowid in (${ids})`.compile(db));
  await rememberTerms(
    db,
    docs.map((d) => d.document),
  );
  await writeFts(
    db,
    sql`insert into search_fts (${sql.raw(FTS_COLUMNS)}) values ${sql.join(docs.map((d) => ftsRow(d.id, d.document)))}`.compile(db),
  );
  await sql`update search_docs set terms_version = ${SEARCH_TERMS_VERSION} where id in (${ids})`.execute(db);
}

/** Removes documents by id: only ids this write holds (outdatedDocumentIds), which no rebuild can number afresh meanwhile. */
export async function removeDocumentsWithIds(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(ids);
  if (engineOf(db) === 'sqlite') await writeFts(db, sql`delete from search_fts where rowid in (${list})`.compile(db));
  await sql`delete from search_docs where id in (${list})`.execute(db);
}

// ——— Reading ———

/** What a search asks of the index: the parsed words, the filters' terms, and (on SQLite) the words its prefixes stand for. */
export interface Search {
  query: ParsedQuery;
  filters: { tag: string | null; authors: string[] };
  /** Per prefix: the indexed words that start with it (at most PREFIX_EXPANSION_MAX). */
  expansions: ReadonlyMap<string, string[]>;
}

/** Which fields the words must match: any of the searchable ones, or the title only. */
export type Fields = 'text' | 'title';

/**
 * A prefix stands for at most this many words (what a search costs stays bounded): the shortest
 * of the first PREFIX_SCAN_MAX in order, as the short words are the common ones (`use` stands
 * for `used`, `user` and `users` before `useaccountsettingsdialog`).
 */
export const PREFIX_EXPANSION_MAX = 32;
const PREFIX_SCAN_MAX = 2_000;

/**
 * FTS5 answers a prefix query by merging every matching word's whole list of documents, so its
 * cost grows with the forum; the same words given one by one are read lazily, newest first,
 * and only as far as the page needs. So on SQLite a prefix is looked up in search_terms
 * first. PostgreSQL's GIN index answers `:*` from its sorted keys and needs none of this.
 */
export async function expandPrefixes(db: Db, query: ParsedQuery): Promise<Map<string, string[]>> {
  const expansions = new Map<string, string[]>();
  if (engineOf(db) === 'postgres') return expansions;
  for (const t of query.terms) {
    if (t.kind !== 'prefix' || expansions.has(t.term)) continue;
    const r = await sql<{ term: string }>`select term from (
          select term from search_terms where term >= ${t.term} and term < ${`${t.term}\u{10FFFF}`} order by term limit ${PREFIX_SCAN_MAX}
        ) order by length(term), term limit ${PREFIX_EXPANSION_MAX}`.execute(db);
    expansions.set(
      t.term,
      r.rows.map((row) => row.term),
    );
  }
  return expansions;
}

const ftsString = (term: string) => `"${term}"`;

function ftsTerm(t: QueryTerm, expansions: ReadonlyMap<string, string[]>): string {
  if (t.kind === 'phrase') return ftsString(t.terms.join(' '));
  if (t.kind === 'exact') return ftsString(t.term);
  const words = expansions.get(t.term);
  if (!words || words.length === 0) return `${ftsString(t.term)}*`;
  return words.length === 1 ? ftsString(words[0]!) : `(${words.map(ftsString).join(' OR ')})`;
}

/** FTS5's MATCH text for a search (every part quoted; the terms hold no quote). */
export function ftsMatch(search: Search, fields: Fields, withFilters = true): string {
  const parts: string[] = [];
  const { query, filters, expansions } = search;
  if (query.terms.length > 0) {
    const columns = fields === 'title' ? 'title' : '{title tag body}';
    parts.push(`${columns} : (${query.terms.map((t) => ftsTerm(t, expansions)).join(' AND ')})`);
  }
  if (withFilters && filters.tag) parts.push(`meta : ${ftsString(filters.tag)}`);
  if (withFilters && filters.authors.length > 0) parts.push(`meta : (${filters.authors.map(ftsString).join(' OR ')})`);
  return parts.join(' AND ');
}

function tsTerm(t: QueryTerm, weights: string): string {
  if (t.kind === 'phrase') return `(${t.terms.map((term) => `'${term}':${weights}`).join(' <-> ')})`;
  return t.kind === 'prefix' ? `'${t.term}':*${weights}` : `'${t.term}':${weights}`;
}

/** PostgreSQL's tsquery (input syntax) for a search: the same meaning as ftsMatch. */
export function tsQuery(search: Search, fields: Fields, withFilters = true): string {
  const weights = fields === 'title' ? 'A' : 'ABC';
  const { query, filters } = search;
  const parts = query.terms.map((t) => tsTerm(t, weights));
  if (withFilters && filters.tag) parts.push(`'${filters.tag}':D`);
  if (withFilters && filters.authors.length > 0) parts.push(`(${filters.authors.map((a) => `'${a}':D`).join(' | ')})`);
  return parts.join(' & ');
}

/** The words in the title, or in the text and not in the title: the two tiers of relevance. */
export type Tier = 'all' | 'title' | 'not-title';

function matchSql(db: Db, search: Search, tier: Tier) {
  if (engineOf(db) === 'postgres') {
    const text = sql`document @@ ${tsQuery(search, 'text')}::tsquery`;
    const where =
      tier === 'all'
        ? text
        : tier === 'title'
          ? sql`document @@ ${tsQuery(search, 'title')}::tsquery`
          : sql`${text} and not document @@ ${tsQuery(search, 'title', false)}::tsquery`;
    return { from: sql`search_docs`, id: sql`id`, where };
  }
  const text = ftsMatch(search, 'text');
  const match =
    tier === 'all' ? text : tier === 'title' ? ftsMatch(search, 'title') : `(${text}) NOT (${ftsMatch(search, 'title', false)})`;
  return { from: sql`search_fts`, id: sql`rowid`, where: sql`search_fts match ${match}` };
}

/** How many documents match, counting no further than `max` (what a search costs stays bounded). */
export async function countMatches(db: Db, search: Search, tier: Tier, max: number): Promise<number> {
  const m = matchSql(db, search, tier);
  const r = await sql<{
    n: number;
  }>`select count(*) as n from (select ${m.id} from ${m.from} where ${m.where} limit ${max}) as hits`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** A page of the matching documents' ids, newest first. */
export async function newestMatches(db: Db, search: Search, tier: Tier, page: { offset: number; limit: number }): Promise<number[]> {
  const m = matchSql(db, search, tier);
  const r = await sql<{ id: number }>`select ${m.id} as id from ${m.from} where ${m.where}
      order by ${m.id} desc limit ${page.limit} offset ${page.offset}`.execute(db);
  return r.rows.map((row) => Number(row.id));
}

/**
 * Members of that name (case-insensitive), for author:"…". lower() on both sides reads the
 * index on lower(name); on SQLite, whose lower() folds A–Z only, a name with other letters is
 * compared folded by lowerCase instead, over every member's name.
 */
export async function memberIdsNamed(db: Db, name: string): Promise<string[]> {
  const same =
    !isPostgres(db) && beyondAscii(name)
      ? sql`${lowerCase(db, sql.ref('name'))} = ${name.toLowerCase()}`
      : sql`lower(name) = lower(${name})`;
  const r = await sql<{ id: string }>`select id from users where ${same} limit 50`.execute(db);
  return r.rows.map((row) => row.id);
}

export interface HitRow {
  id: number;
  postId: string;
  commentId: string | null;
  title: string;
  category: string;
  html: string;
  name: string;
  image: string | null;
  createdAt: string;
}

/** What a page of hits shows, by document id. */
export async function hitRows(db: Db, ids: number[]): Promise<HitRow[]> {
  if (ids.length === 0) return [];
  const r = await sql<HitRow>`select d.id, d.post_id as "postId", d.comment_id as "commentId", p.title, p.category,
      coalesce(c.comment_html, p.description_html) as html, u.name, u.image, d.created_at as "createdAt"
      from search_docs d
      join posts p on p.id = d.post_id
      left join comments c on c.id = d.comment_id
      join users u on u.id = d.author_id
      where d.id in (${sql.join(ids)})`.execute(db);
  return r.rows.map((row) => ({ ...row, id: Number(row.id) }));
}
