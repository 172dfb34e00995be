import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '#shared/schemas/search.ts';
import { buildApp } from '../../app.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createComment, createPost, createTags, makeGold } from '../../test/factories.ts';
import { untilWaiting } from '../../test/lock-wait.ts';
import { countRows } from '../../test/rows.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { catchUpSearchIndex, type CatchUpOptions } from './search.catch-up.ts';
import { fold, SEARCH_TERMS_VERSION, WORD, type SearchDocument } from './search-terms.ts';
import { countOutdated, writeDocument } from './search.queries.ts';
import type { WritePath } from '../../write-path/write-path.ts';

// The search documents made with an older terms' rule are made again in the background, on the
// engine of the run (SQLite, or PostgreSQL under `npm run test:pg`). An older rule is played
// here by documents that have their words but no term for an identifier (today's rule makes
// `std::vector` one term of its own), written directly with version 0: a search for
// `std::vector` misses them until they are made again.
describe('search documents of an older rule', () => {
  let t: TestApp;
  let ada: TestMember;
  let linus: TestMember;
  let post: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'food');
    ada = await signUp(t.app, { name: 'Ada Lovelace' });
    linus = await signUp(t.app, { name: 'Linus Torvalds' });
    await makeGold(t.db, ada.id);
    post = await createPost(t.app, ada, { title: 'Kitchen notes', description: 'What we cook.', category: 'food' });
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const res = await t.app.inject({ url: `/api/search?${new URLSearchParams({ q })}` });
    expect(res.statusCode, res.body).toBe(200);
    return { hits: res.json() as SearchHit[], total: Number(res.headers['x-total-count']) };
  };
  const commentHits = async (q: string) => (await search(q)).hits.map((h) => h.commentId).sort();

  type Doc = { postId: string; commentId: string | null };
  const comment = async (text: string): Promise<Doc> => ({ postId: post, commentId: await createComment(t.app, linus, post, text) });
  const whereDoc = (doc: Doc) =>
    doc.commentId === null
      ? t.db.selectFrom('search_docs').where('post_id', '=', doc.postId).where('comment_id', 'is', null)
      : t.db.selectFrom('search_docs').where('comment_id', '=', doc.commentId);
  const versionOf = async (doc: Doc) => (await whereDoc(doc).select('terms_version').executeTakeFirstOrThrow()).terms_version;

  /** Terms as the older rule made them: the words, and no identifier whole. */
  const olderRule = (text: string): SearchDocument => ({ title: [], tag: [], body: fold(text).match(WORD) ?? [], meta: [] });

  /** Gives a document these terms, recorded as made with `version`. */
  async function indexAs(doc: Doc, terms: SearchDocument, version: number): Promise<void> {
    await t.writePath.run(async (w) => {
      await writeDocument(w.trx, { ...doc, authorId: linus.id, createdAt: new Date().toISOString() }, terms);
      let update = w.trx.updateTable('search_docs').set({ terms_version: version });
      update =
        doc.commentId === null
          ? update.where('post_id', '=', doc.postId).where('comment_id', 'is', null)
          : update.where('comment_id', '=', doc.commentId);
      await update.execute();
    });
  }

  const logged = () => {
    const lines: string[] = [];
    return { lines, log: { info: (line: string) => void lines.push(line), warn: (line: string) => void lines.push(line) } };
  };
  const catchUp = (options: Partial<CatchUpOptions> = {}) => catchUpSearchIndex({ writePath: t.writePath, log: logged().log, ...options });

  it('makes the documents of an older rule again, and leaves the current ones as they were', async () => {
    const vector = await comment('Call std::vector::reserve first.');
    const naming = await comment('We say snake_case_name here.');
    const current = await comment('Plain words.');
    await indexAs(vector, olderRule('Call std::vector::reserve first.'), 0);
    await indexAs(naming, olderRule('We say snake_case_name here.'), 0);
    // Made with today's version: whatever its terms, the catch-up does not touch it.
    await indexAs(current, olderRule('Zebra crossing'), SEARCH_TERMS_VERSION);
    expect(await search('std::vector')).toEqual({ hits: [], total: 0 });
    expect(await search('snake_case_name')).toEqual({ hits: [], total: 0 });
    expect(await commentHits('reserve')).toEqual([vector.commentId]);

    const { lines, log } = logged();
    expect(await catchUp({ log })).toEqual({ updated: 2, batches: 1, stopped: false });
    expect(await commentHits('std::vector')).toEqual([vector.commentId]);
    expect(await commentHits('snake_case_name')).toEqual([naming.commentId]);
    expect(await commentHits('zebra')).toEqual([current.commentId]);
    expect(await commentHits('plain')).toEqual([]);
    expect(await versionOf(vector)).toBe(SEARCH_TERMS_VERSION);
    expect(await countOutdated(t.db)).toBe(0);
    expect(lines).toEqual([
      'search index: 2 documents made with an older rule; updating them in the background',
      expect.stringMatching(/^search index: updated 2 documents made with an older rule in \d+\.\d s$/),
    ]);

    // Nothing left: nothing written, nothing said.
    const again = logged();
    expect(await catchUp({ log: again.log })).toEqual({ updated: 0, batches: 0, stopped: false });
    expect(again.lines).toEqual([]);
    // Put back as written, for the tests after this one.
    await indexAs(current, olderRule('Plain words.'), 0);
    await catchUp();
  });

  it('works through more documents than one batch holds, a batch per write, the oldest rule first', async () => {
    const docs: Doc[] = [];
    for (let i = 0; i < 7; i += 1) docs.push(await comment(`Try step_${i} now.`));
    // The newest of them made by a rule older still: made first, then the six of version 0.
    for (const [i, doc] of docs.entries()) await indexAs(doc, olderRule(`Try step_${i} now.`), i === 6 ? -1 : 0);
    expect(await countOutdated(t.db)).toBe(7);

    expect(await catchUp({ batchSize: 3 })).toEqual({ updated: 7, batches: 3, stopped: false });
    for (const [i, doc] of docs.entries()) expect(await commentHits(`step_${i}`)).toEqual([doc.commentId]);
    expect(await countOutdated(t.db)).toBe(0);
  });

  it('makes each batch from the rows as its write finds them, after the writes that came first', async () => {
    const docs: Doc[] = [];
    for (let i = 0; i < 6; i += 1) docs.push(await comment(`Serve plate_${i} warm.`));
    for (const [i, doc] of docs.entries()) await indexAs(doc, olderRule(`Serve plate_${i} warm.`), 0);
    // The same write path, with a member's write made just before each of the catch-up's.
    const members = [
      () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/comment-data/${docs[1]!.commentId}`,
          headers: linus.headers,
          payload: { comment: 'Serve bowl_1 cold.' },
        }),
      () => t.app.inject({ method: 'DELETE', url: `/api/comment-data/${docs[4]!.commentId}`, headers: linus.headers }),
    ];
    const writePath: WritePath = {
      db: t.writePath.db,
      run: async (work) => {
        const res = await members.shift()?.();
        if (res) expect(res.statusCode, res.body).toBe(200);
        return t.writePath.run(work);
      },
    };
    expect(await catchUp({ writePath, batchSize: 3 })).toMatchObject({ batches: 2, stopped: false });
    expect(await commentHits('bowl_1')).toEqual([docs[1]!.commentId]);
    for (const gone of ['plate_1', 'plate_4']) expect(await search(gone), gone).toEqual({ hits: [], total: 0 });
    for (const i of [0, 2, 3, 5]) expect(await commentHits(`plate_${i}`)).toEqual([docs[i]!.commentId]);
    expect(await countOutdated(t.db)).toBe(0);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL, holds its batch until it commits: an edit of a document in it waits, then writes its own terms',
    async () => {
      const docs = [await comment('Pour soup_1 hot.'), await comment('Pour soup_2 hot.')];
      for (const [i, doc] of docs.entries()) await indexAs(doc, olderRule(`Pour soup_${i + 1} hot.`), 0);
      let edit: Promise<LightMyRequestResponse> | null = null;
      // The member edits once the batch has found its documents, before they are made again.
      const writePath: WritePath = {
        db: t.writePath.db,
        run: (work) =>
          t.writePath.run(async (w) => {
            const found = await work(w);
            if (!edit) {
              edit = t.app.inject({
                method: 'PATCH',
                url: `/api/comment-data/${docs[0]!.commentId}`,
                headers: linus.headers,
                payload: { comment: 'Pour broth_1 cold.' },
              });
              await untilWaiting(t.db);
            }
            return found;
          }),
      };
      expect(await catchUp({ writePath })).toMatchObject({ updated: 2, batches: 1 });
      expect((await edit!).statusCode).toBe(200);
      expect(await commentHits('broth_1')).toEqual([docs[0]!.commentId]);
      expect(await search('soup_1')).toEqual({ hits: [], total: 0 });
      expect(await commentHits('soup_2')).toEqual([docs[1]!.commentId]);
    },
  );

  it('keeps every write made while it runs', async () => {
    const docs: Doc[] = [];
    for (let i = 0; i < 10; i += 1) docs.push(await comment(`Cook dish_${i} tonight.`));
    for (const [i, doc] of docs.entries()) await indexAs(doc, olderRule(`Cook dish_${i} tonight.`), 0);
    const edited = docs.slice(0, 7);

    // A batch of one document per write, while members edit most of them, remove one and
    // comment: their writes fall between the batches and inside them.
    const running = catchUp({ batchSize: 1 });
    const writes = await Promise.all([
      ...edited.map((doc, i) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/comment-data/${doc.commentId}`,
          headers: linus.headers,
          payload: { comment: `Kiwi nr_${i} instead.` },
        }),
      ),
      t.app.inject({ method: 'DELETE', url: `/api/comment-data/${docs[7]!.commentId}`, headers: linus.headers }),
    ]);
    const comments = await Promise.all([
      createComment(t.app, ada, post, 'Mango for dessert.'),
      createComment(t.app, ada, post, 'Mango sorbet.'),
    ]);
    for (const res of writes) expect(res.statusCode, res.body).toBe(200);
    expect((await running).stopped).toBe(false);

    expect(await commentHits('kiwi')).toEqual(edited.map((doc) => doc.commentId).sort());
    for (const [i, doc] of edited.entries()) {
      expect(await commentHits(`nr_${i}`)).toEqual([doc.commentId]);
      expect(await search(`dish_${i}`), `dish_${i}`).toEqual({ hits: [], total: 0 });
    }
    expect(await search('dish_7')).toEqual({ hits: [], total: 0 });
    expect(await commentHits('dish_8')).toEqual([docs[8]!.commentId]);
    expect(await commentHits('dish_9')).toEqual([docs[9]!.commentId]);
    expect(await commentHits('mango')).toEqual(comments.sort());
    expect(await countOutdated(t.db)).toBe(0);
    expect(await countRows(t.db, 'search_docs')).toBe((await countRows(t.db, 'posts')) + (await countRows(t.db, 'comments')));
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL, goes on to the next older rule when every document of the oldest is held by another write',
    async () => {
      const held = await comment('Grill satay_1 slowly.');
      const free = await comment('Grill satay_2 slowly.');
      await indexAs(held, olderRule('Grill satay_1 slowly.'), -1);
      await indexAs(free, olderRule('Grill satay_2 slowly.'), 0);
      // Another write (another instance's batch, a member's edit) holds the one document of the oldest rule.
      const result = await t.db.transaction().execute(async (trx) => {
        const locked = await sql`select id from search_docs where comment_id = ${held.commentId} for update`.execute(trx);
        expect(locked.rows).toHaveLength(1);
        return catchUp();
      });
      expect(result).toMatchObject({ updated: 1, stopped: false });
      expect(await versionOf(free)).toBe(SEARCH_TERMS_VERSION);
      expect(await versionOf(held)).toBe(-1);
      // Its holder gone, the next start makes it too.
      expect(await catchUp()).toMatchObject({ updated: 1 });
      expect(await countOutdated(t.db)).toBe(0);
    },
  );

  it('makes each document once when two instances catch up at the same time', async () => {
    const docs: Doc[] = [];
    for (let i = 0; i < 9; i += 1) docs.push(await comment(`Bake tarte_${i} now.`));
    for (const [i, doc] of docs.entries()) await indexAs(doc, olderRule(`Bake tarte_${i} now.`), 0);

    const [one, two] = await Promise.all([catchUp({ batchSize: 2 }), catchUp({ batchSize: 2 })]);
    expect(one!.updated + two!.updated).toBe(9);
    expect(await countOutdated(t.db)).toBe(0);
    expect((await search('tarte_')).total).toBe(9);
  });

  it('removes a document whose comment is gone, as a rebuild would', async () => {
    const orphan: Doc = { postId: post, commentId: 'a-comment-no-longer-there' };
    await t.writePath.run(async (w) => {
      await writeDocument(w.trx, { ...orphan, authorId: linus.id, createdAt: new Date().toISOString() }, olderRule('Lost souffle_0'), true);
      await w.trx.updateTable('search_docs').set({ terms_version: 0 }).where('comment_id', '=', orphan.commentId).execute();
    });
    expect(await catchUp()).toEqual({ updated: 1, batches: 1, stopped: false });
    expect(await whereDoc(orphan).select('id').execute()).toEqual([]);
    expect(await countOutdated(t.db)).toBe(0);
  });

  it('tries a failed batch again after a wait, and gives up after the last', async () => {
    const docs = [await comment('A kouign_1.'), await comment('A kouign_2.')];
    for (const doc of docs) await indexAs(doc, olderRule('A kouign_0.'), 0);
    // The database refuses every change to the index's rows, as one going away would.
    const pg = Boolean(process.env.TEST_DATABASE_URL);
    const refuse = pg
      ? [
          sql`create function refuse_search_docs() returns trigger language plpgsql as $$ begin raise exception 'index refused'; end $$`,
          sql`create trigger refuse_search_docs before update on search_docs for each row execute function refuse_search_docs()`,
        ]
      : [sql`create trigger refuse_search_docs before update on search_docs begin select raise(abort, 'index refused'); end`];
    const allow = pg
      ? [sql`drop trigger refuse_search_docs on search_docs`, sql`drop function refuse_search_docs()`]
      : [sql`drop trigger refuse_search_docs`];
    for (const statement of refuse) await statement.execute(t.db);

    const { lines, log } = logged();
    let allowed = false;
    const retrying = {
      ...log,
      warn: (line: string) => {
        log.warn(line);
        // After the second refusal the database is back.
        if (lines.filter((l) => l.includes('a batch failed')).length === 2 && !allowed) {
          allowed = true;
          void (async () => {
            for (const statement of allow) await statement.execute(t.db);
          })();
        }
      },
    };
    expect(await catchUp({ log: retrying, retryDelaysMs: [50, 50, 50] })).toMatchObject({ stopped: false });
    for (const doc of docs) expect(await versionOf(doc)).toBe(SEARCH_TERMS_VERSION);
    expect(lines.filter((l) => l.includes('a batch failed'))).toHaveLength(2);
    expect(lines[1]).toMatch(/^search index: a batch failed \(.*index refused.*\); trying again in 0\.05 s$/);
    expect((await search('kouign_')).total).toBe(2);

    // Refused past the last wait: the catch-up stops with the error, the documents as they were.
    const more = [await comment('A crepe_1.')];
    for (const doc of more) await indexAs(doc, olderRule('A crepe_0.'), 0);
    for (const statement of refuse) await statement.execute(t.db);
    try {
      await expect(catchUp({ retryDelaysMs: [10] })).rejects.toThrow(/index refused/);
    } finally {
      for (const statement of allow) await statement.execute(t.db);
    }
    expect(await countOutdated(t.db)).toBe(1);
    expect(await catchUp()).toMatchObject({ updated: 1 });
  });

  it('begins no batch once asked to stop; the next start finishes', async () => {
    const docs = [await comment('An eclair_1.'), await comment('An eclair_2.'), await comment('An eclair_3.')];
    for (const doc of docs) await indexAs(doc, olderRule('An eclair_0.'), 0);
    const stop = new AbortController();
    const lines: string[] = [];
    // Shutdown comes right after the first line.
    const log = { info: (line: string) => void (lines.push(line), stop.abort()), warn: (line: string) => void lines.push(line) };
    expect(await catchUp({ log, signal: stop.signal })).toEqual({ updated: 0, batches: 0, stopped: true });
    expect(lines[1]).toBe('search index: stopped at shutdown after updating 0 of 3 documents; the rest are updated at the next start');
    expect(await countOutdated(t.db)).toBe(3);
    expect((await search('eclair_')).total).toBe(0);

    expect(await catchUp()).toMatchObject({ updated: 3, stopped: false });
    expect((await search('eclair_')).total).toBe(3);
  });

  it('starts with the server, in the background, and ends before it closes', async () => {
    const docs = [await comment('Make oeuf_1.'), await comment('Make oeuf_2.')];
    for (const doc of docs) await indexAs(doc, olderRule('Make oeuf_0.'), 0);
    // Another instance on this database: it starts, and stops at once.
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push((JSON.parse(line) as { msg: string }).msg) };
    const other = await buildApp({ config: { ...t.config, logLevel: 'info' }, database: t.database, logStream: stream });
    await other.ready();
    await other.close();
    const said = lines.filter((line) => line.startsWith('search index:'));
    expect(said[0]).toBe('search index: 2 documents made with an older rule; updating them in the background');
    expect(said[1]).toMatch(/^search index: (updated 2 documents|stopped at shutdown after updating \d of 2 documents)/);
    expect(said).toHaveLength(2);

    await catchUp();
    expect(await countOutdated(t.db)).toBe(0);
    expect((await search('oeuf_')).total).toBe(2);
  });

  it('writes the current version with every edit, and with a rebuild (npm run reindex)', async () => {
    const doc = await comment('Tiramisu_1.');
    await indexAs(doc, olderRule('Tiramisu_1.'), 0);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/comment-data/${doc.commentId}`,
      headers: linus.headers,
      payload: { comment: 'Tiramisu_2, twice.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await versionOf(doc)).toBe(SEARCH_TERMS_VERSION);
    expect(await commentHits('tiramisu_2')).toEqual([doc.commentId]);

    await t.db.updateTable('search_docs').set({ terms_version: 0 }).execute();
    await t.writePath.run(async (w) => w.record({ type: 'search.rebuild' }));
    expect(await countOutdated(t.db)).toBe(0);
  });

  it('after the upgrade that brings versions, every document is older than any rule, and is made again', async () => {
    // The database as the version before left it: no column, and the migration not run.
    await sql`drop index search_docs_terms_version_idx`.execute(t.db);
    await sql`alter table search_docs drop column terms_version`.execute(t.db);
    await sql`delete from kysely_migration where name = '0024-search-terms-version'`.execute(t.db);
    await migrateToLatest(t.db);
    const documents = await countRows(t.db, 'search_docs');
    expect(await countOutdated(t.db)).toBe(documents);
    expect(await catchUp()).toMatchObject({ updated: documents, stopped: false });
    expect(await countOutdated(t.db)).toBe(0);
    expect(await commentHits('std::vector')).toHaveLength(1);
  });
});
