import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX } from '#shared/constants.ts';
import type { SearchHit } from '#shared/schemas/search.ts';
import { isPostgres } from '../../db/engine.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags, makeGold } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { countRows } from '../../test/rows.ts';
import { commentDocument } from './search-terms.ts';
import { rebuildSearchIndex } from './search.index.ts';
import { writeDocument } from './search.queries.ts';

// GET /api/search on the engine of the run (SQLite, or PostgreSQL under `npm run test:pg`):
// the same posts and comments are written through the API and the same queries must find the
// same hits on both.
describe('GET /api/search', () => {
  let t: TestApp;
  let ada: TestMember;
  let linus: TestMember;
  let admin: TestMember;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'react', 'rust', 'cpp', 'python', 'node.js');
    ada = await signUp(t.app, { name: 'Ada Lovelace' });
    linus = await signUp(t.app, { name: 'Linus Torvalds' });
    admin = await createAdmin(t, 'Moderator');
    await makeGold(t.db, ada.id);
    await makeGold(t.db, linus.id);
    ids.hooks = await createPost(t.app, ada, {
      title: 'Cleaning up in useEffect',
      description:
        'Return a function from `useEffect` so the subscription ends.\n\n```ts\nuseEffect(() => () => sub.unsubscribe(), []);\n```',
      category: 'react',
    });
    ids.vectors = await createPost(t.app, linus, {
      title: 'Growing a vector without reallocating',
      description: 'Call `std::vector::reserve` before pushing; in C++ the capacity then holds.',
      category: 'cpp',
    });
    ids.naming = await createPost(t.app, ada, {
      title: 'Naming things',
      description:
        'We call it `snake_case_name` in Python and keep `foo.bar.baz` paths short. Café owners agree, from Łódź to København, Straße and the λόγος.',
      category: 'python',
    });
    ids.runtime = await createPost(t.app, linus, {
      title: 'Which runtime?',
      description: 'Is node.js fast enough for a leaderboard with many players?',
      category: 'node.js',
    });
    ids.plainC = await createPost(t.app, ada, {
      title: 'Plain C strings',
      description: 'A C string ends with a zero byte.',
      category: 'cpp',
    });
    ids.borrow = await createPost(t.app, linus, {
      title: 'Lifetimes and borrowing rules explained',
      description: 'The borrow checker keeps one mutable reference at a time.',
      category: 'rust',
    });
    // Newer, and "lifetimes" only in its body: ranks below the older title hit.
    ids.lifetimesBody = await createPost(t.app, ada, {
      title: 'Questions from the meetup',
      description: 'Someone asked about lifetimes in structs.',
      category: 'rust',
    });
    ids.comment = await createComment(t.app, ada, ids.borrow, 'Non-lexical lifetimes made this much nicer. Thanks!');
  });
  afterAll(() => t.close());

  const search = async (q: string, extra: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: `/api/search?${new URLSearchParams({ q, ...extra })}` });
    expect(res.statusCode, res.body).toBe(200);
    return { hits: res.json() as SearchHit[], total: Number(res.headers['x-total-count']) };
  };
  const postIdsFor = async (q: string, extra: Record<string, string> = {}) => (await search(q, extra)).hits.map((h) => h.postId);

  it('finds words by their start, in titles, tags, bodies and comments, all words required', async () => {
    expect(await postIdsFor('lead')).toEqual([ids.runtime]);
    expect(await postIdsFor('borrowing')).toEqual([ids.borrow]);
    expect(await postIdsFor('borrow checker')).toEqual([ids.borrow]);
    expect(await postIdsFor('borrow python')).toEqual([]);
    expect(await postIdsFor('pyth')).toEqual([ids.naming]);
    const nonLexical = await search('nicer');
    expect(nonLexical.hits).toEqual([
      expect.objectContaining({
        type: 'comment',
        postId: ids.borrow,
        commentId: ids.comment,
        title: 'Lifetimes and borrowing rules explained',
        name: 'Ada Lovelace',
      }),
    ]);
    expect(nonLexical.total).toBe(1);
  });

  it('is case- and accent-insensitive', async () => {
    expect(await postIdsFor('CAFE')).toEqual([ids.naming]);
    expect(await postIdsFor('café')).toEqual([ids.naming]);
    // Letters with no accent to take off, as typed without the key for them, and the other way round.
    for (const q of ['lodz', 'ŁÓDŹ', 'kobenhavn', 'strasse', 'STRAẞE', 'λογος', 'ΛΌΓΟΣ', 'λογοσ'])
      expect(await postIdsFor(q), q).toEqual([ids.naming]);
    expect(await postIdsFor('Borrow CHECKER')).toEqual([ids.borrow]);
  });

  it('finds identifiers whole, case-insensitively', async () => {
    expect(await postIdsFor('useEffect')).toEqual([ids.hooks]);
    expect(await postIdsFor('USEEFFECT')).toEqual([ids.hooks]);
    expect(await postIdsFor('snake_case_name')).toEqual([ids.naming]);
    expect(await postIdsFor('std::vector')).toEqual([ids.vectors]);
    expect(await postIdsFor('foo.bar.baz')).toEqual([ids.naming]);
    expect(await postIdsFor('node.js')).toEqual([ids.runtime]);
    // C++ is not C: the plain-C post does not answer it, and C++ is not every post with a "c".
    expect(await postIdsFor('C++')).toEqual([ids.vectors]);
    expect(await postIdsFor('c')).toEqual(expect.arrayContaining([ids.plainC]));
    // An identifier is not its parts in another order.
    expect(await postIdsFor('name_case_snake')).toEqual([]);
    // Quoted, an identifier keeps its symbols: "C++" is not every post with the word "c".
    expect(await postIdsFor('"C++"')).toEqual([ids.vectors]);
    expect(await postIdsFor('"c++ the capacity"')).toEqual([ids.vectors]);
    expect(await postIdsFor('"snake_case_name"')).toEqual([ids.naming]);
    expect(await postIdsFor('"C string"')).toEqual([ids.plainC]);
  });

  it('finds an identifier at the end of a longer one, and marks that part', async () => {
    const guido = await signUp(t.app, { name: 'Guido' });
    const post = await createPost(t.app, guido, {
      title: 'Calls inside calls',
      description:
        'Use `v.push_back(x)`, `map::emplace_hint` and `os.path.join(a, b)` from `self.__init__()`; see `collections.abc.Mapping.register`.',
      category: 'python',
    });
    for (const q of ['push_back', 'emplace_hint', 'path.join', '__init__', 'abc.mapping', 'Mapping.register', '.push_back()'])
      expect(await postIdsFor(q), q).toEqual([post]);
    expect(await postIdsFor('vector::reserve')).toEqual([ids.vectors]);
    expect(await postIdsFor('bar.baz')).toEqual([ids.naming]);
    // Only what an identifier ends with, after one of its joiners: not its parts in another order, nor a part of one.
    for (const q of ['os.join', 'back_push', 'sh_back', 'collections.mapping']) expect(await postIdsFor(q), q).toEqual([]);
    const [hit] = (await search('push_back')).hits;
    expect(hit!.snippet).toBe(
      'Use v.<mark>push_back</mark>(x), map::emplace_hint and os.path.join(a, b) from self.__init__(); see collections.abc.Mapping.register.',
    );
    const [marked] = (await search('"__init__"')).hits;
    expect(marked!.snippet).toContain('self.<mark>__init__</mark>()');
    // A chain of thousands of parts is indexed (PostgreSQL refuses a tsvector of 1 MB) and found by its end.
    const chain = Array.from({ length: 3000 }, (_, i) => `p${i}`).join('.');
    const long = await createPost(t.app, guido, { title: 'A long chain', description: `\`${chain}\``, category: 'python' });
    expect(await postIdsFor('p2997.p2998.p2999')).toEqual([long]);
  });

  it('matches a quoted phrase only in that order', async () => {
    expect(await postIdsFor('"mutable reference"')).toEqual([ids.borrow]);
    expect(await postIdsFor('"reference mutable"')).toEqual([]);
    expect(await postIdsFor('"zero byte" string')).toEqual([ids.plainC]);
  });

  it('filters by tag and by author name', async () => {
    expect(await postIdsFor('tag:rust lifetimes')).toEqual(expect.arrayContaining([ids.borrow, ids.lifetimesBody]));
    expect(await postIdsFor('tag:cpp vector')).toEqual([ids.vectors]);
    expect(await postIdsFor('tag:python vector')).toEqual([]);
    // Two tags at once: a post has one, so none (not the last one given).
    expect(await postIdsFor('tag:cpp tag:rust vector')).toEqual([]);
    expect(await postIdsFor('tag:rust tag:cpp')).toEqual([]);
    expect(await postIdsFor('tag:node.js')).toEqual([ids.runtime]);
    // A tag written as the app shows it, #rust: the # is the chip's, not the tag's.
    for (const q of ['tag:#rust lifetimes', 'tag:"#Rust" lifetimes', 'tag:#rust tag:rust lifetimes'])
      expect(await postIdsFor(q), q).toEqual(expect.arrayContaining([ids.borrow, ids.lifetimesBody]));
    expect(await postIdsFor('tag:#node.js')).toEqual([ids.runtime]);
    expect(await postIdsFor('tag:#cpp tag:rust')).toEqual([]);
    // A comment carries its post's tag.
    expect((await search('tag:rust nicer')).hits.map((h) => h.commentId)).toEqual([ids.comment]);
    expect((await search('tag:cpp nicer')).hits).toEqual([]);
    expect(await postIdsFor('author:"Ada Lovelace" lifetimes', { sort: 'newest' })).toEqual([ids.borrow, ids.lifetimesBody]);
    const byLinus = await search('author:"linus torvalds" lifetimes');
    expect(byLinus.hits.map((h) => [h.type, h.postId])).toEqual([['post', ids.borrow]]);
    expect(await postIdsFor('author:"Nobody Here" lifetimes')).toEqual([]);
  });

  it('filters by an author whose name has letters beyond ASCII, in any case', async () => {
    const olafur = await signUp(t.app, { name: 'Ólafur Łukasiewicz' });
    const post = await createPost(t.app, olafur, {
      title: 'Ownership in practice',
      description: 'Moving values around.',
      category: 'rust',
    });
    for (const name of ['Ólafur Łukasiewicz', 'ólafur łukasiewicz', 'ÓLAFUR ŁUKASIEWICZ']) {
      expect(await postIdsFor(`author:"${name}" ownership`), name).toEqual([post]);
    }
  });

  it('ranks a title hit above a body or comment hit; ties and sort=newest go newest first', async () => {
    const relevance = await search('lifetimes');
    expect(relevance.hits.map((h) => [h.type, h.postId])).toEqual([
      ['post', ids.borrow],
      ['comment', ids.borrow],
      ['post', ids.lifetimesBody],
    ]);
    const newest = await search('lifetimes', { sort: 'newest' });
    expect(newest.hits.map((h) => h.type)).toEqual(['comment', 'post', 'post']);
    expect(newest.hits.map((h) => h.postId)).toEqual([ids.borrow, ids.lifetimesBody, ids.borrow]);
    expect(relevance.total).toBe(3);
  });

  it('pages with page and limit, the total in X-Total-Count', async () => {
    const first = await search('lifetimes', { limit: '2', sort: 'newest' });
    const second = await search('lifetimes', { limit: '2', page: '1', sort: 'newest' });
    expect(first.hits).toHaveLength(2);
    expect(second.hits).toHaveLength(1);
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
  });

  it('counts up to the cap exactly, and beyond it says only that there are more, paging no further than the cap', async () => {
    const post = await createPost(t.app, linus, { title: 'A busy thread', description: 'Many replies below.', category: 'rust' });
    const comment = (from: number, to: number) =>
      Promise.all(Array.from({ length: to - from }, (_, i) => createComment(t.app, ada, post, `A wombat sighting, number ${from + i}.`)));
    await comment(0, SEARCH_COUNT_MAX);
    const exactly = await search('wombat', { limit: '100', page: '1' });
    expect(exactly.total).toBe(SEARCH_COUNT_MAX);
    expect(exactly.hits).toHaveLength(100);
    await comment(SEARCH_COUNT_MAX, SEARCH_COUNT_MAX + 2);
    // More than the cap: counted no further than one past it.
    for (const sort of ['relevance', 'newest']) {
      const more = await search('wombat', { limit: '100', page: '1', sort });
      expect(more.total, sort).toBe(SEARCH_COUNT_MAX + 1);
      expect(more.hits, sort).toHaveLength(100);
      expect(await search('wombat', { limit: '100', page: '2', sort }), sort).toEqual({ hits: [], total: SEARCH_COUNT_MAX + 1 });
    }
  });

  it('marks the words found in a post’s title as in its snippet, escaped, and a comment’s post title not at all', async () => {
    const writer = await signUp(t.app, { name: 'Grace Hopper' });
    const post = await createPost(t.app, writer, {
      title: '<script>alert("x")</script> &lt; Kookaburra calls',
      description: 'Nothing to find down here.',
      category: 'react',
    });
    const [hit] = (await search('kookaburra call')).hits;
    expect(hit!.postId).toBe(post);
    expect(hit!.title).toBe('<script>alert("x")</script> &lt; Kookaburra calls');
    expect(hit!.titleHtml).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;lt; <mark>Kookaburra</mark> <mark>calls</mark>');
    expect(hit!.snippet).toBe('Nothing to find down here.');
    // The words of a markup-looking title are words like any other, marked the same safe way.
    expect((await search('script')).hits.find((h) => h.postId === post)?.titleHtml).toBe(
      '&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt; &amp;lt; Kookaburra calls',
    );
    // A comment is found by its own words: the title of its post is shown as it is.
    const lifetimes = (await search('lifetimes')).hits;
    expect(lifetimes.map((h) => [h.type, h.titleHtml])).toEqual([
      ['post', '<mark>Lifetimes</mark> and borrowing rules explained'],
      ['comment', 'Lifetimes and borrowing rules explained'],
      ['post', 'Questions from the meetup'],
    ]);
  });

  it('gives a snippet whose only element is <mark>, everything else escaped', async () => {
    const post = await createPost(t.app, ada, {
      title: 'Escaping',
      description: 'Write <script>alert("x")</script> as text & mark zanzibar here.',
      category: 'react',
    });
    const [hit] = (await search('zanzibar')).hits;
    expect(hit!.postId).toBe(post);
    expect(hit!.snippet).toBe('Write &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; as text &amp; mark <mark>zanzibar</mark> here.');
    expect(hit!.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    const long = await createPost(t.app, ada, {
      title: 'A long one',
      description: `${'filler words go here '.repeat(30)}quokka ${'and more after it '.repeat(30)}`,
      category: 'react',
    });
    const [longHit] = (await search('quokka')).hits;
    expect(longHit!.postId).toBe(long);
    expect(longHit!.snippet).toContain('<mark>quokka</mark>');
    expect(longHit!.snippet.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(300);
    expect(longHit!.snippet.startsWith('…')).toBe(true);
  });

  it('shows a write in the very next search: create, edit, delete, and a ban', async () => {
    const post = await createPost(t.app, linus, { title: 'Zeppelin notes', description: 'Airships and hydrogen.', category: 'rust' });
    expect(await postIdsFor('zeppelin')).toEqual([post]);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/post-data/${post}`,
      headers: linus.headers,
      payload: { title: 'Blimp notes', category: 'python' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await postIdsFor('zeppelin')).toEqual([]);
    expect(await postIdsFor('blimp')).toEqual([post]);
    expect(await postIdsFor('tag:python blimp')).toEqual([post]);

    const comment = await createComment(t.app, ada, post, 'Hindenburg was a warning.');
    expect((await search('hindenburg')).hits.map((h) => h.commentId)).toEqual([comment]);
    // The post's new tag filters its comments too.
    const retag = await t.app.inject({
      method: 'PATCH',
      url: `/api/post-data/${post}`,
      headers: linus.headers,
      payload: { category: 'cpp' },
    });
    expect(retag.statusCode).toBe(200);
    expect((await search('tag:cpp hindenburg')).hits.map((h) => h.commentId)).toEqual([comment]);
    expect((await search('tag:python hindenburg')).hits).toEqual([]);

    const editComment = await t.app.inject({
      method: 'PATCH',
      url: `/api/comment-data/${comment}`,
      headers: ada.headers,
      payload: { comment: 'Graf Zeppelin flew further.' },
    });
    expect(editComment.statusCode, editComment.body).toBe(200);
    expect((await search('hindenburg')).hits).toEqual([]);
    expect((await search('graf')).hits.map((h) => h.commentId)).toEqual([comment]);

    const removeComment = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${comment}`, headers: ada.headers });
    expect(removeComment.statusCode).toBe(200);
    expect((await search('graf')).hits).toEqual([]);

    // A ban removes the banned member's reported comments, and with them their hits.
    const troll = await signUp(t.app, { name: 'Troll' });
    const rude = await createComment(t.app, troll, post, 'Rhubarb rhubarb nonsense.');
    const kept = await createComment(t.app, troll, post, 'Rhubarb is a vegetable.');
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: linus.headers,
      payload: { commentId: rude, ReportedComment: 'Spam or promotional content' },
    });
    expect(report.statusCode).toBe(200);
    expect((await search('rhubarb')).hits.map((h) => h.commentId).sort()).toEqual([rude, kept].sort());
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/reported-comment-delete/${troll.email}`, headers: admin.headers });
    expect(ban.statusCode).toBe(200);
    expect((await search('rhubarb')).hits.map((h) => h.commentId)).toEqual([kept]);

    // A removed post takes its comments' hits with it.
    const removePost = await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${post}`, headers: linus.headers });
    expect(removePost.statusCode).toBe(200);
    expect((await search('blimp')).hits).toEqual([]);
    // Not only hidden (a hit is shown with its post): counted no more, and gone from the index.
    expect(await search('rhubarb')).toEqual({ hits: [], total: 0 });
    const count = (table: 'posts' | 'comments' | 'search_docs') => countRows(t.db, table);
    expect(await count('search_docs')).toBe((await count('posts')) + (await count('comments')));
  });

  it('rebuilds to the same index (npm run reindex)', async () => {
    const before = await search('lifetimes');
    const count = await rebuildSearchIndex(t.db);
    expect(count).toBeGreaterThan(5);
    const after = await search('lifetimes');
    expect(after.hits.map((h) => [h.type, h.postId, h.commentId])).toEqual(before.hits.map((h) => [h.type, h.postId, h.commentId]));
    expect(await postIdsFor('std::vector')).toEqual([ids.vectors]);
  });

  it('rebuilds while comments are being written, and leaves every post and comment with one document', async () => {
    for (let round = 0; round < 3; round += 1) {
      const rebuild = t.writePath.run(async (w) => w.record({ type: 'search.rebuild' }));
      const comments = Array.from({ length: 12 }, (_, i) => createComment(t.app, ada, ids.borrow!, `Concurrent note ${round}-${i}.`));
      await Promise.all([rebuild, ...comments]);
    }
    const count = (table: 'posts' | 'comments' | 'search_docs') => countRows(t.db, table);
    expect(await count('search_docs')).toBe((await count('posts')) + (await count('comments')));
    expect((await search('concurrent')).total).toBe(36);
  });

  it('writes the documents of writes committed together at once, and none of a write rolled back', async () => {
    // SQLite: FTS5 makes a segment of what it holds at every savepoint; held to the batch's
    // end (db/held-until-commit.ts), a batch's documents make one. Merging is off meanwhile, so
    // the segments can be counted.
    const sqlite = !isPostgres(t.db);
    const segments = async () =>
      sqlite ? Number((await sql<{ n: number }>`select count(distinct segid) as n from search_fts_idx`.execute(t.db)).rows[0]!.n) : 0;
    const merging = async (automerge: number, crisismerge: number) => {
      await sql`insert into search_fts (search_fts, rank) values ('automerge', ${sql.lit(automerge)})`.execute(t.db);
      await sql`insert into search_fts (search_fts, rank) values ('crisismerge', ${sql.lit(crisismerge)})`.execute(t.db);
    };
    if (sqlite) await merging(0, 100);
    try {
      const before = await segments();
      const refused = t.writePath.run(async (w) => {
        const target = { postId: ids.borrow!, commentId: 'never-written', authorId: ada.id, createdAt: new Date().toISOString() };
        await writeDocument(w.trx, target, commentDocument({ text: 'zeppelin', category: 'rust', authorId: ada.id }), true);
        throw new Error('refused');
      });
      const words = ['capybara', 'narwhal', 'axolotl', 'pangolin', 'okapi', 'tapir', 'dugong', 'kinkajou'];
      const comments = words.map((word) => createComment(t.app, linus, ids.borrow!, `A ${word} wandered by.`));
      const [r, ...written] = await Promise.allSettled([refused, ...comments]);
      expect(r).toMatchObject({ status: 'rejected', reason: new Error('refused') });
      expect(written.every((c) => c.status === 'fulfilled')).toBe(true);
      if (sqlite) expect(await segments()).toBe(before + 1);
    } finally {
      if (sqlite) await merging(4, 16); // FTS5's defaults
    }
    expect((await search('zeppelin')).total).toBe(0);
    for (const word of ['capybara', 'kinkajou']) expect((await search(word)).hits.map((h) => h.type)).toEqual(['comment']);
    // An edit in a later batch replaces the words of its document.
    const [capybara] = (await search('capybara')).hits;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/comment-data/${capybara!.commentId}`,
      headers: linus.headers,
      payload: { comment: 'A marmot wandered by.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await search('capybara')).total).toBe(0);
    expect((await search('marmot')).hits.map((h) => h.commentId)).toEqual([capybara!.commentId]);
  });

  it('rebuilds in the same batch as an edit, the edit’s document numbered as the rebuild numbers it', async () => {
    // The rebuild numbers documents afresh: an older post removed shifts the newer ones down.
    const older = await createPost(t.app, ada, { title: 'Soon gone', description: 'Removed before the rebuild.', category: 'rust' });
    const post = await createPost(t.app, ada, { title: 'Gooseberry notes', description: 'About gooseberries.', category: 'rust' });
    const commentId = await createComment(t.app, linus, post, 'A cassowary comment.');
    await createPost(t.app, ada, { title: 'Persimmon notes', description: 'About persimmons.', category: 'rust' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${older}`, headers: ada.headers });
    expect(removed.statusCode).toBe(200);
    const facts = await t.db
      .selectFrom('comments')
      .select(['post_id', 'author_id', 'created_at'])
      .where('id', '=', commentId)
      .executeTakeFirstOrThrow();
    const comment = { id: commentId, postId: facts.post_id, authorId: facts.author_id, createdAt: facts.created_at };
    // Sent together: one batch, the edit's index writes before the rebuild's.
    await Promise.all([
      t.writePath.run(async (w) => w.record({ type: 'comment.edited', comment })),
      t.writePath.run(async (w) => w.record({ type: 'search.rebuild' })),
    ]);
    expect(await search('cassowary')).toEqual({ hits: [expect.objectContaining({ commentId })], total: 1 });
    expect((await search('persimmon')).total).toBe(1);
    expect((await search('gooseberry')).total).toBe(1);
  });

  it('indexes and finds a very long word by its start, on both engines', async () => {
    // PostgreSQL refuses a word of 2,048 bytes or more in a tsvector or a tsquery.
    const word = 'mississippi'.repeat(300);
    const post = await createPost(t.app, ada, { title: 'A pasted blob', description: `Look: ${word} (sorry).`, category: 'rust' });
    const comment = await createComment(t.app, linus, post, `Same here: \`${'ab.'.repeat(900)}cd\` and done.`);
    expect(await postIdsFor(word.slice(0, 200))).toEqual([post]);
    expect((await search(`ab.ab.ab.ab`)).hits.map((h) => h.commentId)).toEqual([comment]);
    // What was typed may grow past that when folded (㍿ is four letters).
    expect(await search('㍿'.repeat(200))).toEqual({ hits: [], total: 0 });
    expect(await search(`tag:${'㍿'.repeat(196)}`)).toEqual({ hits: [], total: 0 });
    expect(await search(`"${'㍿'.repeat(198)}"`)).toEqual({ hits: [], total: 0 });
  });

  it('finds a common word by its start among many longer words that come first in order, on both engines', async () => {
    // Forty long words that sort before "quillers" (on SQLite a prefix stands for a bounded number of words).
    const long = Array.from(
      { length: 40 },
      (_, i) => `quilla${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}xyz`,
    );
    const crowd = await createPost(t.app, ada, { title: 'Glossary', description: long.join(' '), category: 'rust' });
    const common = await createPost(t.app, linus, { title: 'Feathers', description: 'Ask the quillers first.', category: 'rust' });
    const found = await postIdsFor('quill');
    expect(found).toContain(common);
    expect(found).toContain(crowd);
  });

  it('refuses bad input with a 400 in the one error shape, and never passes syntax to the engine', async () => {
    for (const query of [
      '',
      'q=',
      `q=${'a'.repeat(201)}`,
      'q=x&page=-1',
      'q=x&limit=0',
      'q=x&limit=101',
      'q=x&sort=best',
      'q=x&page=one',
    ]) {
      const res = await t.app.inject({ url: `/api/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.any(String) }));
    }
    for (const q of [
      '*',
      '"',
      '""',
      'AND',
      'OR NOT',
      '(',
      ')',
      ':',
      '&&',
      '!!',
      "'",
      '\\',
      '-',
      'NEAR(a b)',
      '^x',
      'a:b',
      'tag:',
      'author:""',
      '{title}: x',
      '💥',
    ]) {
      const res = await t.app.inject({ url: `/api/search?${new URLSearchParams({ q })}` });
      expect(res.statusCode, q).toBe(200);
    }
    // Operators typed as words are words.
    expect(await postIdsFor('NOT vector')).toEqual([]);
  });
});
