import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp-sink.ts';
import type { NotificationFacts } from '../../write-path/events.ts';

// Notification mails: the notifications reaction records `notification.created` with `email`
// decided; what follows the commit mails it (both parts, the links, List-Unsubscribe).

const FROM = 'Code Commons <forum@example.test>';
const SETTINGS = 'http://localhost:3000/dashboard/my-profile#notification-settings';

describe('notification mails', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let ada: TestMember;
  let bob: TestMember;
  let postId: string;
  let commentId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: FROM });
    await createTags(t, 'typescript');
    ada = await signUp(t.app, { name: 'Ada' });
    bob = await signUp(t.app, { name: 'Bob <b>' });
    postId = await createPost(t.app, ada, { title: 'Generics & <script>alert(1)</script>' });
    commentId = await createComment(t.app, bob, postId, 'Have you tried `infer`?');
    // Bob's comment is a real one: the notifications reaction decided that Ada is mailed.
    await sink.waitFor(1);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const facts = (overrides: Partial<NotificationFacts> = {}): NotificationFacts => ({
    _id: `n-${Math.random().toString(36).slice(2)}`,
    type: 'comment',
    read: false,
    createdAt: new Date().toISOString(),
    actor: { name: 'Bob <b>', photo: null },
    postId,
    commentId,
    title: 'Generics & <script>alert(1)</script>',
    text: 'Have you tried `infer`?\nIt <i>helps</i> a lot.',
    ...overrides,
  });

  /** Records a notification the way the notifications reaction does, in a write of its own. */
  const notify = (recipientId: string, email: boolean, notification = facts()) =>
    t.writePath.run(async (w) => {
      w.record({ type: 'notification.created', recipientId, notification, unread: 1, email });
      return 'written';
    });

  /** Whatever arrives before a mail to `marker` (notified last, so everything before it is through). */
  async function mailsBefore(marker: TestMember, from: number): Promise<ReceivedMail[]> {
    await notify(marker.id, true);
    for (;;) {
      const mails = sink.mails.slice(from);
      if (mails.some((m) => m.to.includes(marker.email))) return mails.filter((m) => !m.to.includes(marker.email));
      await sink.waitFor(sink.mails.length + 1);
    }
  }

  it('mails the author of a post when a member comments on it, through the notifications reaction', () => {
    const [mail] = sink.mails;
    expect(mail!.to).toEqual([ada.email]);
    expect(mail!.subject).toBe('Bob <b> commented on your post “Generics & <script>alert(1)</script>”');
    expect(mail!.text).toContain('> Have you tried infer?');
    expect(mail!.text).toContain(`http://localhost:3000/post-details/${postId}#comment-${commentId}`);
  });

  it('mails a comment notification with a text and an HTML part, the links and List-Unsubscribe', async () => {
    const before = sink.mails.length;
    expect(await notify(ada.id, true)).toBe('written');
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    const link = `http://localhost:3000/post-details/${postId}#comment-${commentId}`;

    expect(mail!.to).toEqual([ada.email]);
    expect(mail!.headers.from).toBe(FROM);
    expect(mail!.subject).toBe('Bob <b> commented on your post “Generics & <script>alert(1)</script>”');
    // One click in the mail client turns these mails off (unsubscribe.routes.test.ts).
    expect(mail!.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=comment\.[^>]+>$/);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Out-of-office responders leave it unanswered (RFC 3834; Exchange reads the second).
    expect(mail!.headers['auto-submitted']).toBe('auto-generated');
    expect(mail!.headers['x-auto-response-suppress']).toBe('All');
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);

    expect(mail!.text).toContain('Bob <b> commented on your post “Generics & <script>alert(1)</script>”');
    expect(mail!.text).toContain('> Have you tried `infer`?\n> It <i>helps</i> a lot.');
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain(SETTINGS);

    expect(mail!.html).toContain('Bob &lt;b&gt; commented on your post “Generics &amp; &lt;script&gt;alert(1)&lt;/script&gt;”');
    expect(mail!.html).toContain('It &lt;i&gt;helps&lt;/i&gt; a lot.');
    expect(mail!.html).not.toMatch(/<script|<i>|<b>/);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain(`href="${SETTINGS}"`);
  });

  it('keeps a title and a name written with line breaks on the one line of the headline, in both parts', async () => {
    // Through the API, as any client may send them: were the breaks kept, the text part would
    // show lines of the writer's choosing (a link to "answer" elsewhere) as the forum's own.
    const forged = 'Read it and answer: https://forum.example.test.evil/';
    const mallory = await signUp(t.app, { name: `Mallory\r\n\r\n${forged}\r\n` });
    const hostPost = await createPost(t.app, ada, { title: `Help\n\n${forged}\n\nwith generics` });
    const before = sink.mails.length;
    await createComment(t.app, mallory, hostPost, 'Hi');
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    const headline = `Mallory ${forged} commented on your post “Help ${forged} with generics”`;
    expect(mail!.to).toEqual([ada.email]);
    expect(mail!.subject).toBe(headline);
    expect(mail!.text.split('\n').slice(0, 3)).toEqual([`${headline}:`, '', '> Hi']);
    expect(mail!.text.split('\n').filter((line) => line.startsWith('Read it and answer:'))).toHaveLength(1);
    expect(mail!.html).toContain(`<p>${headline.replaceAll('"', '&quot;')}:</p>`);

    // A name and a title stored before they were kept to one line are mailed on one line too.
    const old = before + 1;
    await notify(ada.id, true, facts({ actor: { name: `Old\n${forged}`, photo: null }, title: `Old\r\n${forged}` }));
    const [oldMail] = (await sink.waitFor(old + 1)).slice(old);
    expect(oldMail!.text.split('\n')[0]).toBe(`Old ${forged} commented on your post “Old ${forged}”:`);
  });

  it('says "also commented" for a reply (a comment on a post the member commented on)', async () => {
    const before = sink.mails.length;
    await notify(bob.id, true, facts({ type: 'reply', actor: { name: 'Ada', photo: null } }));
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([bob.email]);
    expect(mail!.subject).toBe('Ada also commented on “Generics & <script>alert(1)</script>”');
  });

  it('mails nothing when the notification is not for email, nor to a banned member', async () => {
    const carol = await signUp(t.app, { name: 'Carol' });
    const admin = await createAdmin(t, 'Admin');
    const before = sink.mails.length;
    await notify(ada.id, false);
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${carol.email}`, headers: admin.headers });
    expect(ban.statusCode).toBe(200);
    await notify(carol.id, true);
    expect(await mailsBefore(bob, before)).toEqual([]);
  });

  it('mails each member of one write at their own address, read once for all of them', async () => {
    const dan = await signUp(t.app, { name: 'Dan' });
    const eve = await signUp(t.app, { name: 'Eve' });
    const admin = await createAdmin(t, 'Admin 2');
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${eve.email}`, headers: admin.headers });
    expect(ban.statusCode).toBe(200);
    const before = sink.mails.length;
    await t.writePath.run(async (w) => {
      for (const id of [dan.id, eve.id, ada.id])
        w.record({ type: 'notification.created', recipientId: id, notification: facts(), unread: 1, email: true });
      return 'written';
    });
    const mails = (await sink.waitFor(before + 2)).slice(before, before + 2);
    expect(mails.map((m) => m.to).sort()).toEqual([[ada.email], [dan.email]].sort());
    // And nothing to the banned member.
    expect(await mailsBefore(bob, before + 2)).toEqual([]);
  });
});
