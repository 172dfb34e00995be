import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { mailRecipients } from './mail-recipients.ts';

// The addresses of queued mails, read when the first of them has its turn, for those behind it too.

/** A new member's settings: both kinds of mail on. */
const mailsOn = { emailOnComment: true, emailOnReply: true };

describe('mail recipients', () => {
  let t: TestApp;
  let ada: TestMember;
  let bob: TestMember;
  let cyd: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    ada = await signUp(t.app, { name: 'Ada' });
    bob = await signUp(t.app, { name: 'Bob' });
    cyd = await signUp(t.app, { name: 'Cyd' });
  });
  afterAll(() => t.close());

  const setEmail = (id: string, email: string) => t.db.updateTable('users').set({ email }).where('id', '=', id).execute();

  it('reads the addresses of the mails queued behind one with it, and keeps nothing once they are taken', async () => {
    const book = mailRecipients(t.db);
    book.expect(ada.id);
    book.expect(bob.id);
    book.expect(bob.id);
    expect(await book.take(ada.id)).toEqual({ email: ada.email, banned: false, ...mailsOn });
    // Bob's address was read with Ada's: what changes afterwards is not read again.
    await setEmail(bob.id, 'bob.later@example.test');
    expect(await book.take(bob.id)).toEqual({ email: bob.email, banned: false, ...mailsOn });
    expect(await book.take(bob.id)).toEqual({ email: bob.email, banned: false, ...mailsOn });
    expect(book.size).toBe(0);
    // A mail queued afterwards reads again.
    book.expect(bob.id);
    expect(await book.take(bob.id)).toEqual({ email: 'bob.later@example.test', banned: false, ...mailsOn });
    await setEmail(bob.id, bob.email);
  });

  it('reads at the turn of a mail, not when it is queued: a ban meanwhile is seen', async () => {
    const book = mailRecipients(t.db);
    book.expect(cyd.id);
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', cyd.id).execute();
    expect(await book.take(cyd.id)).toEqual({ email: cyd.email, banned: true, ...mailsOn });
    await t.db.updateTable('users').set({ banned_at: null }).where('id', '=', cyd.id).execute();
  });

  it('reads again for a mail queued once the read of those before it was under way, however long their mails keep coming', async () => {
    const book = mailRecipients(t.db);
    book.expect(cyd.id);
    book.expect(cyd.id);
    expect(await book.take(cyd.id)).toEqual({ email: cyd.email, banned: false, ...mailsOn });
    // While the second waits its turn, another mail to Cyd is queued, and then Cyd is banned.
    book.expect(cyd.id);
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', cyd.id).execute();
    try {
      // The second was read with the first; the third was not queued then, and sees the ban.
      expect(await book.take(cyd.id)).toEqual({ email: cyd.email, banned: false, ...mailsOn });
      expect(await book.take(cyd.id)).toEqual({ email: cyd.email, banned: true, ...mailsOn });
      expect(book.size).toBe(0);
      // One queued after a read and given back (the queue full) leaves nothing behind either.
      book.expect(cyd.id);
      const reading = book.take(cyd.id);
      book.expect(cyd.id);
      book.drop(cyd.id);
      await reading;
      expect(book.size).toBe(0);
    } finally {
      await t.db.updateTable('users').set({ banned_at: null }).where('id', '=', cyd.id).execute();
    }
  });

  it('answers undefined for no such member and keeps nothing for a mail given back', async () => {
    const book = mailRecipients(t.db);
    book.expect('no-such-member');
    book.expect(ada.id);
    expect(await book.take('no-such-member')).toBeUndefined();
    book.drop(ada.id);
    expect(book.size).toBe(0);
  });
});
