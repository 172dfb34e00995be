import { parseArgs } from 'node:util';
import { DEFAULT_SEED, SEED_ADMIN_EMAIL, SEED_INBOX_MEMBERS, isForumEmpty, seedForum } from '../db/seed.ts';
import { openDatabase } from './open-db.ts';

const help = `Usage: npm run seed -- [--members N] [--posts N] [--comments-per-post N] [--votes-per-post N]
                       [--announcements N] [--days N] [--seed N]
Fills an empty database (DATA_DIR or DATABASE_URL) with demo members, tags, posts, comments,
votes, reports and announcements, then two fresh comments on each of the newest posts of
member1@codecommons.test to member${SEED_INBOX_MEMBERS}@…, so that their inboxes have something in them.
Every member's password is ${DEFAULT_SEED.password}; the admin is ${SEED_ADMIN_EMAIL}.`;

const parseSeedArgs = () =>
  parseArgs({
    options: {
      members: { type: 'string' },
      posts: { type: 'string' },
      'comments-per-post': { type: 'string' },
      'votes-per-post': { type: 'string' },
      announcements: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });

async function main() {
  let values: ReturnType<typeof parseSeedArgs>['values'];
  try {
    ({ values } = parseSeedArgs());
  } catch (error) {
    // A mistyped option, or a negative number read as one (`--posts -5`).
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${help}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(help);
    return;
  }
  const num = (v: string | undefined, fallback: number, name: string) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) {
      console.error(`--${name} must be a whole number ≥ 0`);
      process.exit(2);
    }
    return n;
  };
  const options = {
    ...DEFAULT_SEED,
    members: Math.max(1, num(values.members, DEFAULT_SEED.members, 'members')),
    posts: num(values.posts, DEFAULT_SEED.posts, 'posts'),
    commentsPerPost: num(values['comments-per-post'], DEFAULT_SEED.commentsPerPost, 'comments-per-post'),
    votesPerPost: num(values['votes-per-post'], DEFAULT_SEED.votesPerPost, 'votes-per-post'),
    announcements: num(values.announcements, DEFAULT_SEED.announcements, 'announcements'),
    days: Math.max(1, num(values.days, DEFAULT_SEED.days, 'days')),
    seed: num(values.seed, DEFAULT_SEED.seed, 'seed'),
  };
  const database = await openDatabase({ create: true });
  try {
    if (!(await isForumEmpty(database.db))) {
      console.error('This database already has members. Seed an empty one (a new DATA_DIR or database).');
      process.exitCode = 1;
      return;
    }
    const started = Date.now();
    await seedForum(database.writes, options, console.log);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Sign in as ${SEED_ADMIN_EMAIL} / ${options.password}.`);
  } finally {
    await database.close();
  }
}

void main();
