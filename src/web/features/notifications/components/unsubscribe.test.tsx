import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';
import { INVALID_UNSUBSCRIBE_LINK_TEXT } from './unsubscribe-panel.tsx';

// The page a notification mail's unsubscribe link opens (/unsubscribe?token=…): it says what it
// turns off, changes nothing until its one button is pressed, then POSTs as a mail client would.

const SIGNATURE = 'dTK5KA0-axifnOunqqr3Sis7GLV3FAmWmIgvB-h7NII';
const COMMENT_TOKEN = `comment.0193a6c2-7f3e-7a10-9b7e-2f1c3d4e5f60.${SIGNATURE}`;
const REPLY_TOKEN = `reply.0193a6c2-7f3e-7a10-9b7e-2f1c3d4e5f60.${SIGNATURE}`;
const pageOf = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;

interface Received {
  token: string | null;
  contentType: string | null;
  body: string;
}

/** The server's answer to the POST, and every POST it received. */
function unsubscribeServer(answer: () => Response): Received[] {
  const received: Received[] = [];
  server.use(
    http.post('*/api/mail/unsubscribe', async ({ request }) => {
      received.push({
        token: new URL(request.url).searchParams.get('token'),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      });
      return answer();
    }),
  );
  return received;
}

describe('/unsubscribe', () => {
  it('names the setting it turns off, sends nothing until asked, then POSTs the one-click body and says it is done', async () => {
    const received = unsubscribeServer(() => HttpResponse.json({ turnedOff: 'emailOnComment' }));
    const { user } = renderApp(pageOf(COMMENT_TOKEN));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(
      screen.getByText('This turns off “Email me when someone comments on my post” in your notification settings.'),
    ).toBeInTheDocument();
    expect(received).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const done = await within(screen.getByRole('main')).findByRole('status');
    expect(done).toHaveTextContent('You are unsubscribed. “Email me when someone comments on my post” is now off.');
    expect(done).toHaveFocus();
    expect(screen.getByRole('link', { name: 'notification settings' })).toHaveAttribute(
      'href',
      '/dashboard/my-profile#notification-settings',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(received).toEqual([
      {
        token: COMMENT_TOKEN,
        contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
        body: 'List-Unsubscribe=One-Click',
      },
    ]);
  });

  it('names the reply setting for a reply mail’s link', async () => {
    unsubscribeServer(() => HttpResponse.json({ turnedOff: 'emailOnReply' }));
    renderApp(pageOf(REPLY_TOKEN));
    expect(
      await screen.findByText('This turns off “Email me when someone replies after me” in your notification settings.'),
    ).toBeInTheDocument();
  });

  it('says a link the server refuses is not valid, and leads to the settings', async () => {
    unsubscribeServer(() =>
      HttpResponse.json(
        { message: 'This unsubscribe link is not valid.', code: 'VALIDATION_FAILED', details: [{ path: 'token', message: 'x' }] },
        { status: 400 },
      ),
    );
    const { user } = renderApp(pageOf(COMMENT_TOKEN));
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_UNSUBSCRIBE_LINK_TEXT);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('link', { name: 'notification settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says a link that is not one at once, without a button or a request', async () => {
    const received = unsubscribeServer(() => HttpResponse.json({ turnedOff: 'emailOnComment' }));
    for (const address of ['/unsubscribe', pageOf('nonsense'), pageOf(`announcement.x.${SIGNATURE}`)]) {
      const view = renderApp(address);
      expect(await screen.findByRole('alert'), address).toHaveTextContent(INVALID_UNSUBSCRIBE_LINK_TEXT);
      expect(screen.queryByRole('button', { name: 'Unsubscribe' }), address).not.toBeInTheDocument();
      view.unmount();
    }
    expect(received).toEqual([]);
  });

  it('keeps the button after a refusal that may pass (too many requests), with the server’s message', async () => {
    unsubscribeServer(() =>
      HttpResponse.json({ message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' }, { status: 429 }),
    );
    const { user } = renderApp(pageOf(COMMENT_TOKEN));
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a moment and try again.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });
});
