import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createComment, createPost, createTags } from '../test/factories.ts';
import { signUp } from '../test/sign-in.ts';
import { backupSqlite } from './backup.ts';
import { createDb } from './create-db.ts';

// SQLite only: PostgreSQL is backed up with pg_dump.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup of a live SQLite forum', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-'));
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies everything committed before it, consistently, while writes go on', async () => {
    await createTags(t, 'go');
    const author = await signUp(t.app);
    const postId = await createPost(t.app, author, { category: 'go' });
    for (let i = 0; i < 20; i += 1) await createComment(t.app, author, postId, `before ${i}`);

    // A second connection takes the copy, as `npm run backup` does beside a running server,
    // while the server keeps writing.
    const other = createDb({ databaseUrl: null, sqlitePath: t.config.sqlitePath });
    const destination = path.join(dir, 'copy.sqlite');
    const during = Promise.all(Array.from({ length: 20 }, (_, i) => createComment(t.app, author, postId, `during ${i}`)));
    await backupSqlite(other.db, destination);
    await during;
    await other.close();
    // It holds password hashes and sessions: its owner's alone, whatever the umask.
    expect(statSync(destination).mode & 0o777).toBe(0o600);

    const copy = createDb({ databaseUrl: null, sqlitePath: destination });
    try {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(copy.db);
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
      const comments = await copy.db.selectFrom('comments').select('comment').execute();
      const texts = comments.map((c) => c.comment);
      for (let i = 0; i < 20; i += 1) expect(texts).toContain(`before ${i}`);
      // The copy is one snapshot: its stored count agrees with its rows, whatever came during.
      const post = await copy.db.selectFrom('posts').select('comment_count').where('id', '=', postId).executeTakeFirstOrThrow();
      expect(Number(post.comment_count)).toBe(comments.length);
    } finally {
      await copy.close();
    }
  });

  it('writes under a temporary name and renames it once whole, clearing what copies killed midway left', async () => {
    const destination = path.join(dir, 'whole.sqlite');
    const host = os.hostname();
    // What a backup killed halfway left behind (its process is gone): a partial file and its journal.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path.join(dir, `earlier.sqlite.${gone}@${host}.partial`), 'half a database');
    writeFileSync(path.join(dir, `earlier.sqlite.${gone}@${host}.partial-journal`), 'its journal');
    // A copy still being written (its process runs), and one of another host sharing the folder.
    writeFileSync(path.join(dir, `running.sqlite.${process.pid}@${host}.partial`), 'being written');
    writeFileSync(path.join(dir, `elsewhere.sqlite.${gone}@db.${host}.partial`), 'being written there');
    const other = createDb({ databaseUrl: null, sqlitePath: t.config.sqlitePath });
    try {
      const { removedPartials } = await backupSqlite(other.db, destination);
      expect(removedPartials.sort()).toEqual([`earlier.sqlite.${gone}@${host}.partial`, `earlier.sqlite.${gone}@${host}.partial-journal`]);
    } finally {
      await other.close();
    }
    expect(
      readdirSync(dir)
        .filter((name) => !name.startsWith('copy'))
        .sort(),
    ).toEqual([`elsewhere.sqlite.${gone}@db.${host}.partial`, `running.sqlite.${process.pid}@${host}.partial`, 'whole.sqlite'].sort());
    const copy = createDb({ databaseUrl: null, sqlitePath: destination });
    try {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(copy.db);
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await copy.close();
    }
  });
});
