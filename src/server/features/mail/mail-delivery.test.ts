import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import type { NotificationFacts } from '../../write-path/events.ts';
import { createMailer } from './mail-queue.ts';
import { smtpTransport } from './mail-transport.ts';

// How mail goes out: after the commit, retried when the SMTP server refuses, logged when it
// cannot go, never failing the write; written to the log when no SMTP server is configured.

type LogLine = { level: number; msg: string; [key: string]: unknown };

function logCollector() {
  const lines: LogLine[] = [];
  let waiter: { match: (l: LogLine) => boolean; resolve: () => void } | null = null;
  return {
    lines,
    stream: {
      write(line: string) {
        const parsed = JSON.parse(line) as LogLine;
        lines.push(parsed);
        if (waiter?.match(parsed)) waiter.resolve();
      },
    },
    /** Resolves once a line matching `match` was logged. */
    until(match: (l: LogLine) => boolean): Promise<void> {
      if (lines.some(match)) return Promise.resolve();
      return new Promise((resolve) => (waiter = { match, resolve }));
    },
  };
}

const notification = (postId: string | null = null): NotificationFacts => ({
  _id: 'n-1',
  type: 'comment',
  read: false,
  createdAt: new Date().toISOString(),
  actor: { name: 'Bob', photo: null },
  postId,
  commentId: null,
  title: 'A post',
  text: 'A comment',
});

describe('mail delivery over SMTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let ada: TestMember;
  const log = logCollector();

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(
      { SMTP_URL: sink.url, MAIL_FROM: 'forum@example.test', MAIL_RETRY_DELAYS: '20,40,80', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    ada = await signUp(t.app, { name: 'Ada' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const notifyAda = () =>
    t.writePath.run(async (w) => {
      w.record({ type: 'notification.created', recipientId: ada.id, notification: notification(), unread: 1, email: true });
      return 'written';
    });

  it('tries again when the server refuses, logging each refusal, and the write stands', async () => {
    sink.refuseNext(2);
    const before = sink.mails.length;
    expect(await notifyAda()).toBe('written');
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([ada.email]);
    expect(sink.refused).toBe(2);
    const retries = log.lines.filter((l) => l.msg === 'a mail could not be sent yet; it will be tried again');
    expect(retries.map((l) => [l.level, l.attempt])).toEqual([
      [40, 1],
      [40, 2],
    ]);
  });

  it('gives up after the last retry and logs it as an error, without failing anything', async () => {
    const refusedBefore = sink.refused;
    sink.refuseNext(4);
    expect(await notifyAda()).toBe('written');
    await log.until((l) => l.msg === 'a mail could not be sent; it is given up');
    expect(sink.refused - refusedBefore).toBe(4);
    const given = log.lines.find((l) => l.msg === 'a mail could not be sent; it is given up')!;
    expect(given).toMatchObject({ level: 50, attempts: 4 });
    // The forum goes on answering.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('mail without an SMTP server', () => {
  it('writes each mail to the log at info, with its links', async () => {
    const log = logCollector();
    const t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      const ada = await signUp(t.app, { name: 'Ada' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: ada.email, redirectTo: '/auth/reset-password' },
      });
      expect(res.statusCode).toBe(200);
      await log.until((l) => typeof l.mail === 'object');
      const line = log.lines.find((l) => typeof l.mail === 'object')!;
      const mail = line.mail as { to: string; subject: string; links: string[] };
      expect(line.level).toBe(30);
      expect(mail.to).toBe(ada.email);
      expect(mail.links).toHaveLength(1);
      expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=[A-Za-z0-9_-]+$/);
      expect(line.msg).toContain(mail.links[0]);
    } finally {
      await t.close();
    }
  });
});

describe('mail at shutdown', () => {
  it('gives a mail waiting for its next try that try when the server stops, before the database closes', async () => {
    const sink = await startSmtpSink();
    const log = logCollector();
    const t = await buildTestApp(
      { SMTP_URL: sink.url, MAIL_FROM: 'forum@example.test', MAIL_RETRY_DELAYS: '600000', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    try {
      const ada = await signUp(t.app, { name: 'Ada' });
      sink.refuseNext(1);
      await t.writePath.run(async (w) =>
        w.record({ type: 'notification.created', recipientId: ada.id, notification: notification(), unread: 1, email: true }),
      );
      await log.until((l) => l.msg === 'a mail could not be sent yet; it will be tried again');
      expect(sink.mails).toEqual([]);

      await t.close();
      expect(sink.mails.map((m) => m.to)).toEqual([[ada.email]]);
    } finally {
      await sink.close();
    }
  });
});

describe('a notification mail tried again', () => {
  it('keeps to what holds at its try: not to a member banned or with these mails off since, nor about a comment deleted since', async () => {
    const sink = await startSmtpSink();
    const log = logCollector();
    const t = await buildTestApp(
      { SMTP_URL: sink.url, MAIL_FROM: 'forum@example.test', MAIL_RETRY_DELAYS: '600000', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    try {
      await createTags(t, 'typescript');
      const admin = await createAdmin(t);
      const bob = await signUp(t.app, { name: 'Bob' });
      // Four authors, each mailed when Bob comments on their post; every first try is refused.
      const authors: TestMember[] = [];
      for (const name of ['Ada', 'Cyd', 'Dan', 'Eve']) authors.push(await signUp(t.app, { name }));
      const [ada, , dan, eve] = authors as [TestMember, TestMember, TestMember, TestMember];
      sink.refuseNext(authors.length);
      const comments: string[] = [];
      for (const author of authors) comments.push(await createComment(t.app, bob, await createPost(t.app, author)));
      const isRetry = (l: LogLine) => l.msg === 'a mail could not be sent yet; it will be tried again';
      await log.until(() => log.lines.filter(isRetry).length === authors.length);

      const off = await t.app.inject({
        method: 'PATCH',
        url: '/api/notification-settings',
        headers: ada.headers,
        payload: { emailOnComment: false },
      });
      expect(off.statusCode).toBe(200);
      // Cyd's: deleted by its writer.
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${comments[1]}`, headers: bob.headers });
      expect(deleted.statusCode).toBe(200);
      const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${dan.email}`, headers: admin.headers });
      expect(ban.statusCode).toBe(200);

      // The stop gives every waiting mail its last try now.
      await t.close();
      expect(sink.mails.map((m) => m.to)).toEqual([[eve.email]]);
    } finally {
      await sink.close();
    }
  });
});

describe('a mail whose writing fails', () => {
  it('is tried again like a refused delivery (its read failed: the database restarting, say), and given up after the last try', async () => {
    const sink = await startSmtpSink();
    const log = logCollector();
    const mailer = createMailer({
      transport: await smtpTransport({ url: sink.url, from: 'forum@example.test' }),
      log: pino({ level: 'info' }, log.stream),
      retryDelaysMs: [10, 20],
    });
    try {
      let reads = 0;
      const written = { to: 'ada@example.test', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', links: [] };
      mailer.send(async () => {
        reads += 1;
        if (reads < 3) throw new Error('Connection terminated unexpectedly');
        return written;
      }, 'flaky read');
      const [mail] = await sink.waitFor(1);
      expect(mail!.to).toEqual(['ada@example.test']);
      expect(reads).toBe(3);
      expect(log.lines.filter((l) => l.msg === 'a mail could not be written yet; it will be tried again').map((l) => l.attempt)).toEqual([
        1, 2,
      ]);

      mailer.send(async () => {
        throw new Error('Connection refused');
      }, 'never read');
      await log.until((l) => l.msg === 'a mail could not be written; it is not sent');
      expect(log.lines.find((l) => l.msg === 'a mail could not be written; it is not sent')).toMatchObject({ level: 50, attempts: 3 });
      expect(sink.mails).toHaveLength(1);
    } finally {
      await mailer.close(1000);
      await sink.close();
    }
  });
});
