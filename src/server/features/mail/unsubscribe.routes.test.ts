import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp-sink.ts';
import { unsubscribeTokens } from './unsubscribe-token.ts';

// One-click unsubscribe (RFC 8058, ADR 0020): each notification mail's List-Unsubscribe address
// turns that kind of mail off with a POST and nothing else, a GET changes nothing, and a token
// the server did not sign changes nothing either.

const PUBLIC_URL = 'http://localhost:3000';
const SETTINGS = `${PUBLIC_URL}/dashboard/my-profile#notification-settings`;
const ONE_CLICK = /^<(http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=([^>]+))>$/;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The address of a mail's List-Unsubscribe, and the token in it. */
function oneClickOf(mail: ReceivedMail): { url: string; token: string } {
  const match = ONE_CLICK.exec(mail.headers['list-unsubscribe'] ?? '');
  expect(match, mail.headers['list-unsubscribe']).not.toBeNull();
  return { url: match![1]!, token: decodeURIComponent(match![2]!) };
}

/** An absolute address of the forum as the path Fastify's inject takes. */
const pathOf = (url: string) => url.slice(PUBLIC_URL.length);

describe('one-click unsubscribe from notification mails', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let ada: TestMember;
  let bob: TestMember;
  let cyd: TestMember;
  /** Cyd's mail about Bob's comment on his post: its token is used by the refusals below. */
  let cydsToken: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Code Commons <forum@example.test>' });
    await createTags(t, 'typescript');
    ada = await signUp(t.app, { name: 'Ada' });
    bob = await signUp(t.app, { name: 'Bob' });
    cyd = await signUp(t.app, { name: 'Cyd' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const settingsOf = async (member: TestMember) =>
    (await t.app.inject({ url: '/api/notification-settings', headers: member.headers })).json<Record<string, boolean>>();

  /** As a mailbox provider sends it: the form body, no cookie, no Origin. */
  const oneClick = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: pathOf(url), headers: { ...FORM, ...headers }, payload: 'List-Unsubscribe=One-Click' });

  /** The mail to `member` that `act` causes. */
  async function mailTo(member: TestMember, act: () => Promise<unknown>): Promise<ReceivedMail> {
    const before = sink.mails.length;
    await act();
    for (;;) {
      const mail = sink.mails.slice(before).find((m) => m.to.includes(member.email));
      if (mail) return mail;
      await sink.waitFor(sink.mails.length + 1);
    }
  }

  let adasComment: { url: string; token: string };

  it('sends each notification mail with List-Unsubscribe and List-Unsubscribe-Post, and links to the page and the settings', async () => {
    const postId = await createPost(t.app, ada);
    const mail = await mailTo(ada, () => createComment(t.app, bob, postId));
    adasComment = oneClickOf(mail);
    expect(adasComment.token.startsWith(`comment.${ada.id}.`)).toBe(true);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const page = `${PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(adasComment.token)}`;
    expect(mail.text).toContain(`Unsubscribe from these mails: ${page}`);
    expect(mail.text).toContain(`All your notification settings: ${SETTINGS}`);
    expect(mail.html).toContain(`href="${page}"`);
    expect(mail.html).toContain(`href="${SETTINGS}"`);
  });

  it('answers a GET of that address with the page that asks first, and changes nothing', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: pathOf(adasComment.url) });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(adasComment.token)}`);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await settingsOf(ada)).toEqual({ emailOnComment: true, emailOnReply: true });
  });

  it('turns that kind of mail off with a POST as mailbox providers send it, and a second POST changes nothing more', async () => {
    const first = await oneClick(adasComment.url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ turnedOff: 'emailOnComment' });
    expect(await settingsOf(ada)).toEqual({ emailOnComment: false, emailOnReply: true });

    const again = await oneClick(adasComment.url);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ turnedOff: 'emailOnComment' });
    expect(await settingsOf(ada)).toEqual({ emailOnComment: false, emailOnReply: true });

    // And the mails stop: a comment on another of Ada's posts mails her nothing (Cyd's post's
    // mail, sent after it, shows that its turn has passed).
    const adasPost = await createPost(t.app, ada);
    const cydsPost = await createPost(t.app, cyd);
    const before = sink.mails.length;
    await createComment(t.app, bob, adasPost);
    const cydsMail = await mailTo(cyd, () => createComment(t.app, bob, cydsPost));
    cydsToken = oneClickOf(cydsMail).token;
    expect(sink.mails.slice(before).filter((m) => m.to.includes(ada.email))).toEqual([]);
  });

  it('turns replies off with a reply mail’s address, the body sent as multipart/form-data (RFC 8058’s first choice)', async () => {
    const postId = await createPost(t.app, cyd);
    await createComment(t.app, ada, postId, 'First');
    const mail = await mailTo(ada, () => createComment(t.app, bob, postId, 'After Ada'));
    const { url, token } = oneClickOf(mail);
    expect(token.startsWith(`reply.${ada.id}.`)).toBe(true);

    const boundary = '----one-click';
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ turnedOff: 'emailOnReply' });
    expect(await settingsOf(ada)).toEqual({ emailOnComment: false, emailOnReply: false });
  });

  it('refuses a token it did not sign, or signed for something else, with 400 in the one error shape, changing nothing', async () => {
    const [kind, memberId, signature] = cydsToken.split('.') as [string, string, string];
    expect([kind, memberId]).toEqual(['comment', cyd.id]);
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const forged = [
      `${kind}.${memberId}.${flipped}`, // the signature changed
      `reply.${memberId}.${signature}`, // another kind, the same signature
      `${kind}.${bob.id}.${signature}`, // another member, the same signature
      `${kind}.${memberId}.${signature}=`, // the same bytes, spelled otherwise
      `${kind}.${memberId}.${signature.slice(0, -2)}`, // cut short
      unsubscribeTokens('another secret of at least thirty-two characters').sign({ memberId: cyd.id, kind: 'comment' }),
      `${kind}.${memberId}`,
      `announcement.${memberId}.${signature}`,
      'nonsense',
    ];
    for (const token of forged) {
      const res = await oneClick(`${PUBLIC_URL}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(400);
      expect(res.json(), token).toEqual({
        message: 'This unsubscribe link is not valid.',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'token', message: 'is not a link this forum sent' }],
      });
    }
    for (const url of ['/api/mail/unsubscribe', '/api/mail/unsubscribe?token=']) {
      const res = await oneClick(`${PUBLIC_URL}${url}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await settingsOf(cyd)).toEqual({ emailOnComment: true, emailOnReply: true });
    expect(await settingsOf(bob)).toEqual({ emailOnComment: true, emailOnReply: true });
  });

  it('takes the POST from any origin and reads no session: the token alone says whose mail stops', async () => {
    // A write from another origin's page is refused elsewhere, even with a member's cookie.
    const crossSite = { origin: 'https://webmail.example.test', 'sec-fetch-site': 'cross-site' };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/notification-settings',
      headers: { ...crossSite, cookie: bob.cookie },
      payload: { emailOnComment: false },
    });
    expect(patch.statusCode).toBe(403);

    const res = await oneClick(`${PUBLIC_URL}/api/mail/unsubscribe?token=${encodeURIComponent(cydsToken)}`, {
      ...crossSite,
      cookie: bob.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await settingsOf(cyd)).toEqual({ emailOnComment: false, emailOnReply: true });
    expect(await settingsOf(bob)).toEqual({ emailOnComment: true, emailOnReply: true });
  });
});

describe('one-click unsubscribe under the write rate limit (RATE_LIMIT=on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT: 'on' });
  });
  afterAll(() => t.close());

  const post = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });

  it('counts valid links per member they name (one provider posts for many), and links that are not valid per address', async () => {
    const tokens = unsubscribeTokens(t.config.authSecret);
    const ada = await signUp(t.app, { name: 'Ada' });
    const bob = await signUp(t.app, { name: 'Bob' });
    const adas = tokens.sign({ memberId: ada.id, kind: 'comment' });
    let answered = 0;
    for (;;) {
      const res = await post(adas);
      if (res.statusCode !== 200) {
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe('RATE_LIMITED');
        break;
      }
      answered += 1;
    }
    expect(answered).toBeGreaterThan(1);
    // From the same address, for another member.
    expect((await post(tokens.sign({ memberId: bob.id, kind: 'reply' }))).statusCode).toBe(200);

    // Guesses: each is refused, then the address is refused before any is checked.
    let refused = 0;
    for (;;) {
      const res = await post(`comment.${bob.id}.${'A'.repeat(43)}`);
      if (res.statusCode !== 400) {
        expect(res.statusCode).toBe(429);
        break;
      }
      refused += 1;
    }
    expect(refused).toBe(answered);
  });
});
