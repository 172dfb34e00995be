import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { REPORT_FEEDBACKS } from '#shared/constants.ts';
import type { Comment } from '#shared/schemas/comment.ts';
import { draftKeyOf } from '#web/lib/draft-keys.ts';
import { buildViewer } from '#web/testing/factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const LONG = 'This comment is longer than twenty characters, so it is cut.';

const MARKDOWN = 'Pin the lock file with **`npm ci`**, see [the docs](https://example.test/docs):\n\n```bash\nnpm ci\n```';
/** MARKDOWN as the server renders it. */
const MARKDOWN_HTML =
  '<p>Pin the lock file with <strong><code>npm ci</code></strong>, see <a href="https://example.test/docs" rel="nofollow ugc noopener noreferrer">the docs</a>:</p>\n<pre><code class="hljs language-bash">npm ci\n</code></pre>';

const buildComment = (overrides: Partial<Comment> = {}): Comment => ({
  _id: 'comment-1',
  comment: 'Nice post!',
  commenter_name: 'Grace Hopper',
  commenter_photo: null,
  commenter_email: 'grace@example.com',
  createdAt: '2026-01-02T10:00:00.000Z',
  postId: 'post-1',
  authorId: 'grace',
  commentHtml: '<p>Nice post!</p>',
  editedAt: null,
  post_owner_name: 'Ada Lovelace',
  post_owner_email: 'ada@example.com',
  reported: false,
  ...overrides,
});

function serveComments(comments: Comment[]) {
  const reports: unknown[] = [];
  server.use(
    ...signedInAs('Client'),
    http.get('*/api/post-data/:id', () =>
      HttpResponse.json({
        _id: 'post-1',
        title: 'Hello world',
        description: 'First post',
        category: 'react',
        name: 'Ada Lovelace',
        photo: null,
        time: '2026-01-01T10:00:00.000Z',
        upVote: 0,
        downVote: 0,
        commentCount: comments.length,
        authorId: 'ada',
        descriptionHtml: '<p>First post</p>',
        excerpt: 'First post',
        editedAt: null,
        myVote: null,
        canDelete: true,
      }),
    ),
    http.get('*/api/post-comment-data/:postId', () =>
      HttpResponse.json(comments, { headers: { 'X-Total-Count': String(comments.length) } }),
    ),
    http.post('*/api/reported-comment', async ({ request }) => {
      reports.push(await request.json());
      return HttpResponse.json({ insertedId: 'report-1' });
    }),
  );
  return reports;
}

const openPage = async () => {
  const app = renderApp('/dashboard/my-post/comment-details/post-1');
  await screen.findByRole('table', { name: 'Comments on this post' });
  return app;
};

describe('Comment details', () => {
  it('lists the columns of SPEC.md with the commenter and the post title', async () => {
    serveComments([buildComment()]);
    await openPage();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Commenter Name',
      'Commenter Email',
      'Comment',
      'Feedback',
      'Report',
    ]);
    const row = screen.getByRole('row', { name: /Grace Hopper/ });
    expect(within(row).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Nice post!')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'See More' })).not.toBeInTheDocument();
    expect(await screen.findByText('Hello world')).toBeInTheDocument();
  });

  it('cuts a long comment to 20 characters + ".." and shows it whole in the "Full Comment" dialog', async () => {
    serveComments([buildComment({ comment: LONG, commentHtml: `<p>${LONG}</p>` })]);
    const { user } = await openPage();

    expect(screen.getByText(`${LONG.slice(0, 20)}..`)).toBeInTheDocument();
    expect(screen.queryByText(LONG)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'See More' }));
    const dialog = screen.getByRole('dialog', { name: 'Full Comment' });
    expect(within(dialog).getByText(LONG)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See More' })).toHaveFocus();
  });

  it('shows a Markdown comment as its text, and rendered as under the post in the "Full Comment" dialog', async () => {
    serveComments([
      buildComment({ _id: 'short', comment: 'Use **this** one', commentHtml: '<p>Use <strong>this</strong> one</p>' }),
      buildComment({ _id: 'long', commenter_name: 'Linus', comment: MARKDOWN, commentHtml: MARKDOWN_HTML }),
    ]);
    const { user } = await openPage();

    const short = screen.getByRole('row', { name: /Use this one/ });
    expect(within(short).getByText('Use this one')).toBeInTheDocument();
    expect(within(short).queryByRole('button', { name: 'See More' })).not.toBeInTheDocument();
    // The text's first 20 characters, not the Markdown's.
    const long = screen.getByRole('row', { name: /Linus/ });
    expect(within(long).getByText('Pin the lock file wi..')).toBeInTheDocument();
    for (const row of [short, long]) expect(row.textContent).not.toMatch(/\*\*|`|\]\(/);

    await user.click(within(long).getByRole('button', { name: 'See More' }));
    const dialog = screen.getByRole('dialog', { name: 'Full Comment' });
    expect(within(dialog).getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.test/docs');
    expect(
      within(dialog)
        .getAllByText('npm ci')
        .map((code) => code.tagName),
    ).toEqual(['CODE', 'CODE']);
    expect(dialog.querySelector('strong code')).toHaveTextContent('npm ci');
    expect(dialog.querySelector('pre code')).toHaveTextContent('npm ci');
    expect(dialog.textContent).not.toMatch(/\*\*|```|\]\(/);
  });

  it('enables "Report To Admin" once a feedback is picked and disables it again after the report', async () => {
    const reports = serveComments([buildComment()]);
    const { user } = await openPage();

    const feedback = screen.getByLabelText('Feedback');
    expect(feedback).toHaveDisplayValue('Pick One Feedback');
    expect(
      within(feedback)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pick One Feedback', ...REPORT_FEEDBACKS]);
    const button = screen.getByRole('button', { name: 'Report To Admin' });
    expect(button).toBeDisabled();

    await user.selectOptions(feedback, 'Spam or promotional content');
    expect(button).toBeEnabled();

    await user.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Report To Admin' })).toBeDisabled());
    expect(reports).toEqual([{ commentId: 'comment-1', ReportedComment: 'Spam or promotional content' }]);
    expect(screen.getByText('Reported')).toBeInTheDocument();
  });

  it('keeps the feedback picked for a comment not yet reported when the page is left (a reload, a lapsed session), until it is reported', async () => {
    const grace = buildComment();
    const linus = buildComment({ _id: 'comment-2', commenter_name: 'Linus Torvalds', authorId: 'linus', comment: 'Second' });
    serveComments([grace, linus]);
    server.use(
      http.post('*/api/reported-comment', () =>
        HttpResponse.json({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    const first = await openPage();
    const row = (name: RegExp) => screen.getByRole('row', { name });
    await first.user.selectOptions(within(row(/Linus Torvalds/)).getByLabelText('Feedback'), 'Off-topic or irrelevant');
    await first.user.selectOptions(within(row(/Grace Hopper/)).getByLabelText('Feedback'), 'Spam or promotional content');
    await first.user.click(within(row(/Grace Hopper/)).getByRole('button', { name: 'Report To Admin' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/sign-in'));
    first.unmount();

    // Signed in again, back on the page: both picks are there, and the report goes.
    const reports = serveComments([grace, linus]);
    const { user } = await openPage();
    expect(within(row(/Grace Hopper/)).getByLabelText('Feedback')).toHaveDisplayValue('Spam or promotional content');
    expect(within(row(/Linus Torvalds/)).getByLabelText('Feedback')).toHaveDisplayValue('Off-topic or irrelevant');
    await user.click(within(row(/Grace Hopper/)).getByRole('button', { name: 'Report To Admin' }));
    await waitFor(() => expect(reports).toEqual([{ commentId: 'comment-1', ReportedComment: 'Spam or promotional content' }]));
    await waitFor(() => expect(within(row(/Grace Hopper/)).getByRole('button', { name: 'Report To Admin' })).toBeDisabled());
    cleanup();

    // Reloaded: the reported comment's pick is forgotten, the other one's still kept.
    serveComments([{ ...grace, reported: true }, linus]);
    await openPage();
    expect(within(row(/Grace Hopper/)).getByLabelText('Feedback')).toHaveDisplayValue('Pick One Feedback');
    expect(within(row(/Linus Torvalds/)).getByLabelText('Feedback')).toHaveDisplayValue('Off-topic or irrelevant');
    expect(within(row(/Linus Torvalds/)).getByRole('button', { name: 'Report To Admin' })).toBeEnabled();
    cleanup();

    // Another member signed in on this tab does not get them.
    serveComments([grace, linus]);
    server.use(...signedInAs('Client', buildViewer({ id: 'other', name: 'Other Owner', email: 'other@example.com' })));
    await openPage();
    expect(within(row(/Linus Torvalds/)).getByLabelText('Feedback')).toHaveDisplayValue('Pick One Feedback');
  });

  it('keeps "Report To Admin" disabled for a comment reported before (after a reload too)', async () => {
    serveComments([buildComment({ reported: true })]);
    await openPage();
    expect(screen.getByRole('button', { name: 'Report To Admin' })).toBeDisabled();
    expect(screen.getByLabelText('Feedback')).toBeDisabled();
  });

  it("offers no report of the owner's own comment, which the server would refuse", async () => {
    const reports = serveComments([
      buildComment(),
      buildComment({ _id: 'own', authorId: buildViewer().id, commenter_name: 'Ada Lovelace', comment: 'My own note' }),
    ]);
    const { user } = await openPage();
    const own = screen.getByRole('row', { name: /Ada Lovelace/ });
    expect(within(own).getByLabelText('Feedback')).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Report To Admin' })).toBeDisabled();
    expect(within(own).getByText('Your comment')).toBeInTheDocument();
    // Another member's comment on the same page is reported as before.
    const other = screen.getByRole('row', { name: /Grace Hopper/ });
    await user.selectOptions(within(other).getByLabelText('Feedback'), 'Off-topic or irrelevant');
    await user.click(within(other).getByRole('button', { name: 'Report To Admin' }));
    await waitFor(() => expect(reports).toEqual([{ commentId: 'comment-1', ReportedComment: 'Off-topic or irrelevant' }]));
  });

  it('takes a comment removed since the page loaded off the list when its report finds it gone (404)', async () => {
    let comments = [buildComment(), buildComment({ _id: 'gone', commenter_name: 'Linus Torvalds', comment: 'Soon removed' })];
    serveComments([]);
    server.use(
      http.get('*/api/post-comment-data/:postId', () =>
        HttpResponse.json(comments, { headers: { 'X-Total-Count': String(comments.length) } }),
      ),
      http.post('*/api/reported-comment', () => {
        // Its writer removed it meanwhile.
        comments = comments.filter((c) => c._id !== 'gone');
        return HttpResponse.json({ message: 'No such comment.', code: 'NOT_FOUND' }, { status: 404 });
      }),
    );
    const { user } = await openPage();
    const gone = screen.getByRole('row', { name: /Linus Torvalds/ });
    await user.selectOptions(within(gone).getByLabelText('Feedback'), 'Spam or promotional content');
    await user.click(within(gone).getByRole('button', { name: 'Report To Admin' }));
    expect(await screen.findByText('No such comment.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Linus Torvalds/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Grace Hopper/ })).toBeInTheDocument();
    // Its feedback is not kept for a comment that will not come back.
    expect(window.sessionStorage.getItem(draftKeyOf('report-feedback', buildViewer().email, 'post-1'))).toBeNull();
  });

  it('marks the comment reported when the server says it already was (409)', async () => {
    serveComments([buildComment()]);
    server.use(
      http.post('*/api/reported-comment', () =>
        HttpResponse.json({ message: 'This comment has already been reported.', code: 'CONFLICT' }, { status: 409 }),
      ),
    );
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('Feedback'), 'Off-topic or irrelevant');
    await user.click(screen.getByRole('button', { name: 'Report To Admin' }));
    expect(await screen.findByText('This comment has already been reported.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report To Admin' })).toBeDisabled();
    cleanup();

    // Its feedback is not kept either.
    serveComments([buildComment({ reported: true })]);
    await openPage();
    expect(screen.getByLabelText('Feedback')).toHaveDisplayValue('Pick One Feedback');
  });
});
