import { sql, type Insertable, type Kysely } from 'kysely';
import { hashPassword } from 'better-auth/crypto';
import { REPORT_FEEDBACKS, toMembership, toRole } from '#shared/constants.ts';
import { isPostgres } from './engine.ts';
import type { DB } from './schema.ts';
import { addComment } from '../features/comments/comments.service.ts';
import { recountFromRows } from '../features/counters/counters.recount.ts';
import { fillParticipants } from '../features/notifications/notifications.queries.ts';
import { newId } from '../lib/ids.ts';
import { writtenText } from '../lib/markdown/written-text.ts';
import type { WritePath } from '../write-path/write-path.ts';

export interface SeedOptions {
  members: number;
  posts: number;
  commentsPerPost: number;
  votesPerPost: number;
  announcements: number;
  seed: number;
  /** Spread post times over this many days back from now. */
  days: number;
  password: string;
}

export const DEFAULT_SEED: SeedOptions = {
  members: 40,
  posts: 120,
  commentsPerPost: 3,
  votesPerPost: 4,
  announcements: 4,
  seed: 42,
  days: 21,
  password: 'Demo123!',
};

export const SEED_ADMIN_EMAIL = 'admin@codecommons.test';
/** The demo members whose newest post gets fresh comments, so that their inboxes have something in them. */
export const SEED_INBOX_MEMBERS = 5;

const TAGS = [
  'javascript',
  'typescript',
  'react',
  'node',
  'rust',
  'go',
  'python',
  'postgres',
  'sqlite',
  'css',
  'devops',
  'testing',
  'security',
  'career',
  'open-source',
];
const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Radia',
  'Guido',
  'Frances',
  'Bjarne',
  'Hedy',
  'Tim',
  'Sophie',
  'Yukihiro',
  'Anders',
  'Katherine',
  'Edsger',
  'Donald',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Perlman',
  'Rossum',
  'Allen',
  'Stroustrup',
  'Lamarr',
  'Berners-Lee',
  'Wilson',
  'Matsumoto',
  'Hejlsberg',
  'Johnson',
  'Dijkstra',
  'Knuth',
];
const OPENERS = [
  'How do you structure',
  'Lessons learned from',
  'A gentle guide to',
  'Why we moved to',
  'Debugging',
  'Benchmarking',
  'Five tips for',
  'Questions about',
  'Getting started with',
  'Scaling',
];
const SUBJECTS = [
  'a monorepo',
  'error handling',
  'database migrations',
  'background jobs',
  'code review',
  'a design system',
  'flaky tests',
  'memory leaks',
  'API pagination',
  'release notes',
];
const COMMENTS = [
  'Great write-up, thanks for sharing!',
  'We hit the same issue last month — pinning the version fixed it.',
  'Could you share the config you ended up with?',
  'I disagree a little: measuring first saved us a lot of time.',
  'This deserves to be in the docs.',
  'Bookmarked. The second point is gold.',
  'Did you try the built-in profiler before reaching for a library?',
  'Thanks, this finally made it click for me.',
  'Same here. What fixed it for us:\n\n```bash\nnpm ci && npm test -- --runInBand\n```',
  'Two things to check:\n\n1. the **lock file** is committed\n2. CI uses `npm ci`, not `npm install`',
];

const ANNOUNCEMENT_TEXT =
  'Please read the **guidelines**, be kind, and tag your posts so others can find them. Code goes in fenced blocks:\n\n```js\nconsole.log("hello, forum");\n```';

/** Markdown a newcomer sees at once: code in several languages, a table, lists, quotes. */
const MARKDOWN_DESCRIPTIONS = [
  (subject: string, category: string) =>
    `Here is the smallest version of the **${subject}** problem I could make:\n\n\`\`\`ts\nexport async function load(id: string): Promise<Post | null> {\n  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();\n  return row ?? null;\n}\n\`\`\`\n\nHow do others in the ${category} community approach it?`,
  (subject: string, category: string) =>
    `Numbers from my machine for ${subject}:\n\n| approach | req/s | p99 |\n|:--|--:|--:|\n| naive | 1,200 | 48 ms |\n| cached | 9,800 | 6 ms |\n\n- [x] measured three times\n- [ ] tried it in ${category}\n\n> Measure before you optimise.`,
  (subject: string, category: string) =>
    `A ${category} snippet about ${subject} that surprised me:\n\n\`\`\`python\ndef chunks(items, size):\n    for i in range(0, len(items), size):\n        yield items[i:i + size]\n\`\`\`\n\nAnd the same idea in Go:\n\n\`\`\`go\nfor i := 0; i < len(items); i += size {\n\tfmt.Println(items[i:min(i+size, len(items))])\n}\n\`\`\``,
];

/** A small deterministic generator, so the same flags always build the same forum. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T };
}

/** Posts made and written at a time by the seed. */
const SEED_CHUNK = 10_000;

async function insertBatched<T extends keyof DB & string>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[], batch = 500) {
  for (let i = 0; i < rows.length; i += batch) {
    await db
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(i, i + batch) as any)
      .execute();
  }
}

export async function isForumEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Fills an empty database directly (not through HTTP): members share one password hash, rows
 * go in batched inserts inside one write, and the ledger's bulk path counts them.
 */
export async function seedForum(writes: WritePath, options: SeedOptions, log: (line: string) => void = () => {}) {
  const { db } = writes;
  const rnd = prng(options.seed);
  const now = Date.now();
  const dayMs = 86_400_000;
  const passwordHash = await hashPassword(options.password);
  const iso = (ms: number) => new Date(ms).toISOString();
  // The texts come from a few templates: each is rendered once, however many rows use it.
  const rendered = new Map<string, { html: string; excerpt: string }>();
  const render = (markdown: string) => {
    let written = rendered.get(markdown);
    if (!written) rendered.set(markdown, (written = writtenText(markdown)));
    return written;
  };

  const users: Insertable<DB['users']>[] = [];
  const accounts: Insertable<DB['accounts']>[] = [];
  for (let i = 0; i < options.members + 1; i += 1) {
    const admin = i === 0;
    const id = newId();
    const name = admin ? 'Site Admin' : `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
    const email = admin ? SEED_ADMIN_EMAIL : `member${i}@codecommons.test`;
    const created = iso(now - (options.days + 5) * dayMs);
    users.push({
      id,
      name,
      email,
      email_verified: 0,
      image: null,
      created_at: created,
      updated_at: created,
      role: admin ? 'Admin' : 'Client',
      membership: !admin && i % 7 === 0 ? 'Gold' : 'Bronze',
      banned_at: null,
    });
    accounts.push({
      id: newId(),
      user_id: id,
      account_id: id,
      provider_id: 'credential',
      password: passwordHash,
      created_at: created,
      updated_at: created,
    });
  }
  const members = users.slice(1);

  const tags = TAGS.map((tag) => ({ id: newId(), tag, created_at: iso(now - (options.days + 5) * dayMs) }));

  // Posts, their comments and votes are made and written a chunk at a time, in the same order
  // as one pass would: a million posts held at once made the seed spend its time collecting garbage.
  const counts = { posts: 0, comments: 0, votes: 0 };
  /** Each member's newest post, for the fresh comments written after the bulk load. */
  const newestPost = new Map<string, string>();
  /** The first comments written under another member's post, and their posts' authors, for the reports. */
  const firstComments: Array<{ id: string; comment: string; commentHtml: string; postAuthor: string }> = [];
  let posts: Insertable<DB['posts']>[] = [];
  let comments: Insertable<DB['comments']>[] = [];
  let votes: Insertable<DB['votes']>[] = [];
  const writeChunk = async (t: Kysely<DB>) => {
    await insertBatched(t, 'posts', posts);
    await insertBatched(t, 'comments', comments);
    await insertBatched(t, 'votes', votes);
    const authors = new Map(posts.map((p) => [p.id as string, p.author_id as string]));
    for (const c of comments) {
      if (firstComments.length >= 5) break;
      const postAuthor = authors.get(c.post_id as string)!;
      // A post owner reports other members' comments, never their own (as the API allows).
      if (c.author_id === postAuthor) continue;
      firstComments.push({ id: c.id as string, comment: c.comment as string, commentHtml: c.comment_html as string, postAuthor });
    }
    counts.posts += posts.length;
    counts.comments += comments.length;
    counts.votes += votes.length;
    posts = [];
    comments = [];
    votes = [];
  };

  const announcements = Array.from({ length: options.announcements }, (_, i) => ({
    id: newId(),
    author_id: users[0]!.id as string,
    title: ['Welcome to the forum', 'Community guidelines updated', 'New tags available', 'Maintenance window on Sunday'][i % 4]!,
    description: ANNOUNCEMENT_TEXT,
    description_html: render(ANNOUNCEMENT_TEXT).html,
    created_at: iso(now - (options.announcements - i) * dayMs),
  }));

  // Rows go in with their counts at zero; the ledger's bulk path then counts them all.
  let reportCount = 0;
  await writes.run(async (w) => {
    const t = w.trx as unknown as Kysely<DB>;
    await insertBatched(t, 'users', users);
    await insertBatched(t, 'accounts', accounts);
    await insertBatched(t, 'tags', tags);
    for (let p = 0; p < options.posts; p += 1) {
      const author = rnd.pick(members);
      // Oldest first, so ids (UUIDv7) and times both grow with p.
      const createdMs = now - options.days * dayMs + Math.floor(((p + rnd.next()) / options.posts) * options.days * dayMs);
      const id = newId();
      const category = rnd.pick(TAGS);
      const voters = new Set<string>();
      const voteCount = rnd.int(options.votesPerPost * 2 + 1);
      for (let v = 0; v < voteCount && voters.size < members.length; v += 1) {
        const voter = rnd.pick(members).id as string;
        if (voters.has(voter)) continue;
        voters.add(voter);
        const value = rnd.next() < 0.8 ? 1 : -1;
        votes.push({ post_id: id, user_id: voter, value, created_at: iso(Math.min(now, createdMs + rnd.int(dayMs))) });
      }
      const commentCount = rnd.int(options.commentsPerPost * 2 + 1);
      for (let c = 0; c < commentCount; c += 1) {
        comments.push({
          id: newId(),
          post_id: id,
          author_id: rnd.pick(members).id as string,
          ...((text) => ({ comment: text, comment_html: render(text).html }))(rnd.pick(COMMENTS)),
          created_at: iso(Math.min(now, createdMs + (c + 1) * 60_000 + rnd.int(3_600_000))),
        });
      }
      const subject = rnd.pick(SUBJECTS);
      const description =
        p % 3 === 0
          ? rnd.pick(MARKDOWN_DESCRIPTIONS)(subject, category)
          : `Here is what I found while working on ${subject}.\n\nI would love to hear how others in the ${category} community approach it.`;
      const written = render(description);
      posts.push({
        id,
        author_id: author.id as string,
        title: `${rnd.pick(OPENERS)} ${subject} in ${category}`,
        description,
        description_html: written.html,
        excerpt: written.excerpt,
        category,
        created_at: iso(createdMs),
      });
      newestPost.set(author.id as string, id);
      if (posts.length >= SEED_CHUNK) await writeChunk(t);
    }
    await writeChunk(t);
    await insertBatched(t, 'announcements', announcements);
    // A few reports, so the admin queue has something in it.
    const reports: Insertable<DB['reports']>[] = firstComments.map((c) => ({
      id: newId(),
      comment_id: c.id,
      comment: c.comment,
      comment_html: c.commentHtml,
      reporter_id: c.postAuthor,
      feedback: rnd.pick(REPORT_FEEDBACKS),
      created_at: iso(now),
    }));
    reportCount = reports.length;
    await insertBatched(t, 'reports', reports);
    await recountFromRows(w.trx, now);
    await fillParticipants(w.trx);
    w.record({ type: 'forum.seeded' });
  });
  // The bulk load writes no notifications. A few comments written as any comment is (the
  // notification rows, counts, search and participants all by the write path's own rules) give
  // member1… their newest post's fresh comments in their inbox, and that post's earlier
  // commenters a reply.
  for (const member of members.slice(0, SEED_INBOX_MEMBERS)) {
    const postId = newestPost.get(member.id as string);
    const others = members.filter((m) => m.id !== member.id);
    if (!postId || others.length === 0) continue;
    for (let c = 0; c < 2; c += 1) {
      const commenter = rnd.pick(others);
      const viewer = {
        id: commenter.id as string,
        email: commenter.email as string,
        name: commenter.name as string,
        image: null,
        role: toRole(commenter.role),
        membership: toMembership(commenter.membership),
      };
      await addComment(writes, viewer, { postId, comment: rnd.pick(COMMENTS) });
      counts.comments += 1;
    }
  }
  // PostgreSQL plans from table statistics, which a bulk load leaves empty until autovacuum
  // gets to it: the leaderboard's top ten took 7 ms instead of 0.25 ms until then.
  if (isPostgres(db)) await sql`analyze`.execute(db);
  log(
    `Seeded ${users.length} members (1 admin), ${tags.length} tags, ${counts.posts} posts, ${counts.comments} comments, ${counts.votes} votes, ${announcements.length} announcements, ${reportCount} reports.`,
  );
  return { users: users.length, posts: counts.posts, comments: counts.comments, votes: counts.votes };
}
