import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicComment } from '#shared/schemas/comment.ts';
import type { PostDetail } from '#shared/schemas/post.ts';
import { liveConnection } from '#web/lib/live-events.ts';
import { buildViewer } from '#web/testing/factories.ts';
import { installFakeEventSource, type FakeEventSource } from '#web/testing/fake-event-source.ts';
import {
  buildAnnouncement,
  buildComment,
  buildNotification,
  buildPost,
  buildPostDetail,
  pagedAnswer,
} from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

// The app's one stream, as a reader sees it: events change what is on screen, nothing polls.
describe('live updates in the app', () => {
  let Source: typeof FakeEventSource;
  beforeEach(() => {
    Source = installFakeEventSource();
  });
  afterEach(() => {
    liveConnection.close();
    vi.unstubAllGlobals();
  });

  const stream = async () => {
    await waitFor(() => expect(Source.open).toHaveLength(1));
    return Source.open[0]!;
  };

  it('counts new posts on home behind "N new posts" and brings them in when asked', async () => {
    const shown = [buildPost({ title: 'Already here' })];
    let newest = shown;
    let listRequests = 0;
    server.use(
      http.get('*/api/pagination', () => {
        listRequests += 1;
        return pagedAnswer(newest);
      }),
    );
    const { user } = renderApp('/');
    await screen.findByRole('link', { name: 'Already here' });
    const events = await stream();
    expect(events.query).toEqual({});
    // A live region already on the page when its button comes, so a screen reader hears it.
    const region = screen.getByRole('status', { name: 'New posts' });
    expect(region).toBeEmptyDOMElement();

    const fresh = [buildPost({ title: 'Fresh one' }), buildPost({ title: 'Fresh two' })];
    events.emit('post', fresh[0]);
    expect(await within(region).findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    events.emit('post', fresh[1]);
    const button = await screen.findByRole('button', { name: '2 new posts' });
    // The list itself has not moved.
    expect(screen.queryByRole('link', { name: 'Fresh one' })).not.toBeInTheDocument();
    expect(listRequests).toBe(1);

    newest = [...fresh].reverse().concat(shown);
    await user.click(button);
    expect(await screen.findByRole('link', { name: 'Fresh one' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fresh two' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new posts?$/ })).not.toBeInTheDocument();
  });

  it('counts on a tag’s page only the new posts its search finds, and none on a list by popularity', async () => {
    let tagged = [buildPost({ title: 'Rust already here', category: 'rust' })];
    server.use(http.get('*/api/search-by-tag', () => pagedAnswer(tagged)));
    const { user } = renderApp('/?search=Rust');
    await screen.findByRole('link', { name: 'Rust already here' });
    const events = await stream();
    const region = screen.getByRole('status', { name: 'New posts' });

    events.emit('post', buildPost({ title: 'About Go', category: 'go' }));
    const fresh = buildPost({ title: 'About trust', category: 'rustlang' });
    events.emit('post', fresh);
    expect(await within(region).findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    events.emit('post', buildPost({ title: 'About Zig', category: 'zig' }));
    tagged = [fresh, ...tagged];
    await user.click(within(region).getByRole('button', { name: '1 new post' }));
    expect(await screen.findByRole('link', { name: 'About trust' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'About Go' })).not.toBeInTheDocument();

    // Sorted by popularity a new post has no place at the top: nothing is offered.
    await user.selectOptions(screen.getByRole('combobox', { name: /sort/i }), 'popularity');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'New posts' })).not.toBeInTheDocument());
    events.emit('post', buildPost({ title: 'More rust', category: 'rust' }));
    await screen.findByRole('link', { name: 'About trust' });
    expect(screen.queryByRole('button', { name: /new posts?$/ })).not.toBeInTheDocument();
  });

  it('reads the tags again when an admin changes them, and the posts too when posts now show another tag’s name', async () => {
    let tags = [{ _id: 't1', tag: 'go' }];
    let posts = [buildPost({ title: 'Goroutines', category: 'go' })];
    const asked = { tags: 0, posts: 0 };
    server.use(
      http.get('*/api/tag-data', () => {
        asked.tags += 1;
        return HttpResponse.json(tags);
      }),
      http.get('*/api/pagination', () => {
        asked.posts += 1;
        return pagedAnswer(posts);
      }),
    );
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Tags' });
    await screen.findByRole('link', { name: 'Goroutines' });
    const events = await stream();
    expect(asked).toEqual({ tags: 1, posts: 1 });

    // A new tag: its chip comes; no post changed, so the posts are not asked for again.
    tags = [...tags, { _id: 't2', tag: 'zig' }];
    events.emit('tags', { postsRetagged: false });
    expect(await within(list).findByRole('link', { name: '#zig' })).toBeInTheDocument();
    expect(asked).toEqual({ tags: 2, posts: 1 });

    // go renamed golang: the chip and the post's tag both follow.
    tags = [{ _id: 't1', tag: 'golang' }, tags[1]!];
    posts = [{ ...posts[0]!, category: 'golang' }];
    events.emit('tags', { postsRetagged: true });
    expect(await within(list).findByRole('link', { name: '#golang' })).toBeInTheDocument();
    await waitFor(() => expect(asked.posts).toBe(2));
    const card = screen.getByRole('link', { name: 'Goroutines' }).closest('article')!;
    expect(await within(card).findByText('#golang')).toBeInTheDocument();
  });

  it('raises the announcements bell and the inbox count as their events come', async () => {
    const { queryClient } = renderApp('/');
    const events = await stream();
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('0'));

    events.emit('announcement', { ...buildAnnouncement({ title: 'Live news' }), total: 3 });
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('3'));
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAccessibleDescription('3 announcements');

    events.emit('notification', { ...buildNotification(), unread: 4 });
    expect(queryClient.getQueryData(['notifications', 'unread-count'])).toEqual({ count: 4 });
  });

  it('lowers the inbox count to what an unread-count event gives (a read on another device, a removed comment)', async () => {
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: 5 })),
    );
    renderApp('/');
    const inbox = await screen.findByRole('link', { name: 'Inbox' });
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('5 unread notifications'));
    const events = await stream();
    events.emit('unread-count', { count: 1 });
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('1 unread notification'));
  });

  it('says a new announcement and a new notification once, as its count rises, and neither the first counts nor a fall', async () => {
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: 1 })),
    );
    renderApp('/');
    const inbox = await screen.findByRole('link', { name: 'Inbox' });
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('1 unread notification'));
    // Present, and silent, before anything changes: a region added with its text is often not read.
    const news = within(screen.getByRole('banner')).getByRole('status');
    expect(news).toHaveTextContent(/^$/);
    const events = await stream();

    events.emit('notification', { ...buildNotification(), unread: 2 });
    await waitFor(() => expect(news).toHaveTextContent('2 unread notifications'));
    // Read elsewhere: the badge goes down without a word.
    events.emit('unread-count', { count: 0 });
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('0 unread notifications'));
    expect(news).toHaveTextContent(/^$/);

    events.emit('announcement', { ...buildAnnouncement({ title: 'Live news' }), total: 3 });
    await waitFor(() => expect(news).toHaveTextContent('3 announcements'));
  });

  describe('an admin’s edit and removal of an announcement', () => {
    /**
     * Two announcements, and a member's inbox with their notification of the newest (unread) and
     * a comment's, answered as the server keeps them. `bellReads` counts the bell's own fetches.
     */
    function announcementForum() {
      const news = buildAnnouncement({ _id: 'a-news', title: 'Maintenance on Sunday' });
      const state = {
        announcements: [news, buildAnnouncement({ title: 'Welcome' })],
        notifications: [
          buildNotification({
            _id: 'n-news',
            type: 'announcement',
            postId: null,
            commentId: null,
            actor: { name: 'Admin', photo: null },
            title: news.title,
            text: news.description,
          }),
          buildNotification({ _id: 'n-comment' }),
        ],
        bellReads: 0,
      };
      server.use(
        ...signedInAs('Client'),
        http.get('*/api/announcement-data', ({ request }) => {
          const query = new URL(request.url).searchParams;
          const [page, limit] = [Number(query.get('page') ?? 0), Number(query.get('limit') ?? 10)];
          if (limit === 1) state.bellReads += 1;
          return pagedAnswer(state.announcements.slice(page * limit, (page + 1) * limit), state.announcements.length);
        }),
        http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: state.notifications.filter((n) => !n.read).length })),
        http.get('*/api/notifications', () => pagedAnswer(state.notifications)),
      );
      /** As the server sends them: the edit as the lists show it, its notification quoting it. */
      const edit = (title: string) => {
        const edited = { ...news, title };
        state.announcements = [edited, ...state.announcements.slice(1)];
        state.notifications = [{ ...state.notifications[0]!, title }, ...state.notifications.slice(1)];
        return edited;
      };
      /** Its removal takes the announcement and the member's notification of it. */
      const remove = () => {
        state.announcements = state.announcements.filter((a) => a._id !== news._id);
        state.notifications = state.notifications.filter((n) => n._id !== 'n-news');
        return { announcementId: news._id, total: state.announcements.length };
      };
      return { state, edit, remove };
    }

    it('shows the new title on home, and on removal takes it away, the bell’s count to the event’s total and the inbox count with it', async () => {
      const { state, edit, remove } = announcementForum();
      renderApp('/');
      const column = await screen.findByRole('region', { name: 'Announcements' });
      await within(column).findByRole('heading', { name: 'Maintenance on Sunday' });
      const inbox = await screen.findByRole('link', { name: 'Inbox' });
      await waitFor(() => expect(inbox).toHaveAccessibleDescription('2 unread notifications'));
      await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('2'));
      const events = await stream();

      events.emit('announcement-edited', edit('Maintenance moved to Monday'));
      expect(await within(column).findByRole('heading', { name: 'Maintenance moved to Monday' })).toBeInTheDocument();
      expect(within(column).queryByRole('heading', { name: 'Maintenance on Sunday' })).not.toBeInTheDocument();

      const bellReads = state.bellReads;
      events.emit('announcement-deleted', remove());
      await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
      expect(screen.getByText('1 announcement')).toBeInTheDocument();
      await waitFor(() => expect(within(column).queryByRole('heading', { name: 'Maintenance moved to Monday' })).not.toBeInTheDocument());
      expect(within(column).getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
      // The member's notification of it went with it.
      await waitFor(() => expect(inbox).toHaveAccessibleDescription('1 unread notification'));
      // The bell took the event's count, not a fetch of its own.
      expect(state.bellReads).toBe(bellReads);
    });

    it('shows the inbox its notification’s new title, and takes the notification away with the announcement', async () => {
      const { edit, remove } = announcementForum();
      renderApp('/notifications');
      const item = await screen.findByRole('link', { name: /Admin announced “Maintenance on Sunday”/ });
      expect(item).toHaveTextContent('Unread');
      const events = await stream();

      events.emit('announcement-edited', edit('Maintenance moved to Monday'));
      expect(await screen.findByRole('link', { name: /Admin announced “Maintenance moved to Monday”/ })).toBeInTheDocument();

      events.emit('announcement-deleted', remove());
      await waitFor(() => expect(screen.queryByRole('link', { name: /Admin announced/ })).not.toBeInTheDocument());
      expect(screen.getByRole('link', { name: /Bob commented on your post/ })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAccessibleDescription('1 unread notification'));
    });
  });

  it('puts a signed-in member’s unread count in front of the page’s title, and takes it away at none', async () => {
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: 2 })),
    );
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('(2) Code Commons'));
    const events = await stream();
    const notification = (unread: number) => ({ ...buildNotification(), unread });
    events.emit('notification', notification(150));
    await waitFor(() => expect(document.title).toBe('(99+) Code Commons'));
    events.emit('notification', notification(0));
    await waitFor(() => expect(document.title).toBe('Code Commons'));
  });

  it('shows a post page’s new comments and votes as they come, on a stream with that post', async () => {
    const post = buildPostDetail({ _id: 'p1', title: 'A post to discuss', upVote: 1, downVote: 0 });
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/post-data/p1', () => HttpResponse.json(post)),
      http.get('*/api/comment-pagination/p1', () => pagedAnswer([buildComment({ postId: 'p1', comment: 'First!' })])),
    );
    renderApp('/post-details/p1');
    await screen.findByRole('heading', { name: 'A post to discuss' });
    await screen.findByText('First!');
    await waitFor(() => expect(Source.open.map((s) => s.query.post)).toEqual(['p1']));
    const events = Source.open[0]!;

    events.emit('comment', buildComment({ postId: 'p1', comment: 'Said live', commenter_name: 'Grace' }));
    expect(await screen.findByText('Said live')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments 2' })).toBeInTheDocument();
    // Another post's comment is not this page's.
    events.emit('comment', buildComment({ postId: 'p2', comment: 'Elsewhere' }));

    events.emit('votes', { postId: 'p1', upVote: 7, downVote: 2 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upvote' })).toHaveAccessibleDescription('7 upvotes'));
    expect(screen.getByRole('button', { name: 'Downvote' })).toHaveAccessibleDescription('2 downvotes');
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  describe('a post page following edits and removals', () => {
    const reader = buildViewer({ id: 'reader-1', name: 'Reader Rita', email: 'rita@example.com' });
    const later = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 12, minutes)).toISOString();

    /** The post (by the reader when `readerWrites`), two comments (the first the reader's), answered as they stand. */
    function discussion({ readerWrites = false } = {}) {
      const post = buildPostDetail({
        _id: 'p1',
        title: 'A post to discuss',
        category: 'react',
        authorId: readerWrites ? reader.id : 'someone',
      });
      const state = {
        post,
        comments: [
          buildComment({ _id: 'c1', postId: 'p1', comment: 'First!', authorId: reader.id, commenter_name: 'Reader Rita' }),
          buildComment({ _id: 'c2', postId: 'p1', comment: 'Second', authorId: 'someone', commenter_name: 'Grace' }),
        ],
      };
      server.use(
        ...signedInAs('Client', reader),
        http.get('*/api/post-data/p1', () => HttpResponse.json(state.post)),
        http.get('*/api/comment-pagination/p1', () => pagedAnswer(state.comments)),
      );
      return state;
    }
    async function openPage() {
      const view = renderApp('/post-details/p1');
      await screen.findByText('Second');
      await waitFor(() => expect(Source.open.map((s) => s.query.post)).toEqual(['p1']));
      return { ...view, events: Source.open[0]! };
    }
    const edited = (comment: PublicComment, text: string, editedAt: string): PublicComment => ({
      ...comment,
      comment: text,
      commentHtml: `<p>${text}</p>`,
      editedAt,
    });
    const row = (text: string) => screen.getByText(text, { selector: 'p' }).closest('li')!;
    /** A post with `count` comments ("Comment 1"…), served a page at a time, opened on its second page of five. */
    async function openSecondPageOf(count: number) {
      const state = {
        comments: Array.from({ length: count }, (_, i) => buildComment({ _id: `c${i + 1}`, postId: 'p1', comment: `Comment ${i + 1}` })),
      };
      server.use(
        ...signedInAs('Client', reader),
        http.get('*/api/post-data/p1', () => HttpResponse.json(buildPostDetail({ _id: 'p1', title: 'A post to discuss' }))),
        http.get('*/api/comment-pagination/p1', ({ request }) => {
          const query = new URL(request.url).searchParams;
          const [page, limit] = [Number(query.get('page')), Number(query.get('limit'))];
          return pagedAnswer(state.comments.slice(page * limit, (page + 1) * limit), state.comments.length);
        }),
      );
      // The first page is fetched too, for its total.
      renderApp('/post-details/p1?page=2');
      await screen.findByText('Comment 6');
      await waitFor(() => expect(Source.open.map((s) => s.query.post)).toEqual(['p1']));
      return { state, events: Source.open[0]! };
    }

    it('replaces an edited comment in place and takes a removed one away, its count with it', async () => {
      const state = discussion();
      const { events } = await openPage();
      expect(screen.getByRole('heading', { name: 'Comments 2' })).toBeInTheDocument();

      state.comments = [edited(state.comments[0]!, 'First, put better', later(1)), state.comments[1]!];
      events.emit('comment-edited', state.comments[0]);
      expect(await screen.findByText('First, put better')).toBeInTheDocument();
      expect(screen.queryByText('First!')).not.toBeInTheDocument();
      expect(within(row('First, put better')).getByRole('button', { name: 'edited' })).toBeInTheDocument();
      // Another post's comment is not this page's.
      events.emit('comment-edited', buildComment({ _id: 'c2', postId: 'p2', comment: 'Elsewhere', editedAt: later(2) }));
      events.emit('comment-deleted', { postId: 'p2', commentId: 'c1' });

      state.comments = [state.comments[0]!];
      events.emit('comment-deleted', { postId: 'p1', commentId: 'c2' });
      await waitFor(() => expect(screen.queryByText('Second')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { name: 'Comments 1' })).toBeInTheDocument();
      // The same removal again (sent twice): counted once.
      events.emit('comment-deleted', { postId: 'p1', commentId: 'c2' });
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Comments 1' })).toBeInTheDocument());
      expect(screen.getByText('First, put better')).toBeInTheDocument();
      expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
    });

    it('fetches again a later page whose comments moved up when one before them is removed, and new comments still join it', async () => {
      const { state, events } = await openSecondPageOf(7);

      // One on the first page goes: the sixth moves up to it, so this page holds the seventh alone.
      state.comments = state.comments.filter((c) => c._id !== 'c2');
      events.emit('comment-deleted', { postId: 'p1', commentId: 'c2' });
      await waitFor(() => expect(screen.queryByText('Comment 6')).not.toBeInTheDocument());
      expect(screen.getByText('Comment 7')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Comments 6' })).toBeInTheDocument();

      // A new comment is the last: it joins this page.
      const latest = buildComment({ _id: 'c8', postId: 'p1', comment: 'Comment 8' });
      state.comments = [...state.comments, latest];
      events.emit('comment', latest);
      expect(await screen.findByText('Comment 8')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Comments 7' })).toBeInTheDocument();
    });

    it('says the reader’s own comment is deleted when its live removal comes before the answer to their delete', async () => {
      const state = discussion();
      const { events, user } = await openPage();
      // As the server sends them: the event is written before the answer.
      server.use(
        http.delete('*/api/comment-data/c1', async () => {
          state.comments = [state.comments[1]!];
          events.emit('comment-deleted', { postId: 'p1', commentId: 'c1' });
          await waitFor(() => expect(screen.queryByText('First!')).not.toBeInTheDocument());
          return HttpResponse.json({ deletedCount: 1 });
        }),
      );
      await user.click(within(row('First!')).getByRole('button', { name: 'Delete' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Comments 1' })).toBeInTheDocument();
    });

    it('goes to the last page when the comments on the one shown are all removed', async () => {
      const { state, events } = await openSecondPageOf(6);

      state.comments = state.comments.slice(0, 5);
      events.emit('comment-deleted', { postId: 'p1', commentId: 'c6' });
      // Not "No comments yet" under five of them, with no pages left to go back by.
      expect(await screen.findByText('Comment 5')).toBeInTheDocument();
      expect(screen.getByText('Comment 1')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Comments 5' })).toBeInTheDocument();
      expect(screen.queryByText(/No comments yet/)).not.toBeInTheDocument();
    });

    it('leaves the comment the reader is editing, and their draft, as they are until they leave its editor', async () => {
      const state = discussion();
      const { events, user } = await openPage();
      await user.click(within(row('First!')).getByRole('button', { name: 'Edit' }));
      const form = screen.getByRole('form', { name: 'Edit comment' });
      // The editor itself, not the stand-in its code replaces once loaded (text typed there would be left behind).
      await within(form).findByRole('tab', { name: 'Write' });
      const text = within(form).getByLabelText('Comment');
      await user.type(text, ' And mine');
      const draftKey = `edit-comment-draft:${reader.email}:c1`;
      const draft = window.sessionStorage.getItem(draftKey);
      expect(JSON.parse(draft!)).toEqual({ comment: 'First! And mine', baseEditedAt: null });

      // An admin tidies it, and someone else's comment is edited: that one changes at once.
      state.comments = [edited(state.comments[0]!, 'Tidied by an admin', later(1)), edited(state.comments[1]!, 'Second, edited', later(2))];
      events.emit('comment-edited', state.comments[0]);
      events.emit('comment-edited', state.comments[1]);
      expect(await screen.findByText('Second, edited')).toBeInTheDocument();
      expect(text).toHaveValue('First! And mine');
      expect(window.sessionStorage.getItem(draftKey)).toBe(draft);
      // Its row is still the version the editor opened on.
      expect(within(form.closest('li')!).queryByRole('button', { name: 'edited' })).not.toBeInTheDocument();

      await user.click(within(form).getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByText('Tidied by an admin')).toBeInTheDocument();

      // Removed while it is being edited: the editor stays, the comment and its count go once it is left.
      await user.click(within(row('Tidied by an admin')).getByRole('button', { name: 'Edit' }));
      const again = screen.getByRole('form', { name: 'Edit comment' });
      await user.type(within(again).getByLabelText('Comment'), ' again');
      state.comments = [state.comments[1]!];
      events.emit('comment-deleted', { postId: 'p1', commentId: 'c1' });
      events.emit('votes', { postId: 'p1', upVote: 3, downVote: 0 });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Upvote' })).toHaveAccessibleDescription('3 upvotes'));
      expect(within(again).getByLabelText('Comment')).toHaveValue('Tidied by an admin again');
      expect(screen.getByRole('heading', { name: 'Comments 2' })).toBeInTheDocument();
      await user.click(within(again).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Comments 1' })).toBeInTheDocument());
      expect(screen.queryByText('Tidied by an admin')).not.toBeInTheDocument();
    });

    it('shows the post’s new title, text and tag as it is edited, but not behind the reader’s own edit of it', async () => {
      const state = discussion({ readerWrites: true });
      const { events, user } = await openPage();
      const editedPost = (title: string, description: string, category: string, editedAt: string): PostDetail => ({
        ...state.post,
        title,
        description,
        descriptionHtml: `<p>${description}</p>`,
        category,
        excerpt: description,
        editedAt,
      });

      // As the server sends it: the post as the lists show it, without the reader's own vote.
      const { myVote: _myVote, canDelete: _canDelete, ...sent } = (state.post = editedPost('Retitled', 'New words', 'rust', later(1)));
      events.emit('post-edited', sent);
      expect(await screen.findByRole('heading', { level: 1, name: 'Retitled' })).toBeInTheDocument();
      expect(screen.getByText('New words')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '#rust' })).toBeInTheDocument();
      expect(within(screen.getByRole('article')).getByRole('button', { name: 'edited' })).toBeInTheDocument();
      events.emit('post-edited', { ...sent, _id: 'p2', title: 'Another post' });

      await user.click(within(screen.getByRole('article')).getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit post' });
      const title = within(dialog).getByLabelText('Title');
      await user.type(title, ' by me');
      state.post = editedPost('Retitled by an admin', 'Admin words', 'rust', later(2));
      events.emit('post-edited', state.post);
      events.emit('votes', { postId: 'p1', upVote: 4, downVote: 0 });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Upvote', hidden: true })).toHaveAccessibleDescription('4 upvotes'));
      expect(title).toHaveValue('Retitled by me');
      expect(screen.getByRole('heading', { level: 1, name: 'Retitled', hidden: true })).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Retitled by an admin' })).toBeInTheDocument();
      expect(screen.getByText('Admin words')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Another post' })).not.toBeInTheDocument();
    });

    it('keeps the post and the reader’s edit of it open when the post is removed meanwhile, and says it is gone once they leave', async () => {
      const state = discussion({ readerWrites: true });
      let removed = false;
      let notFound = 0;
      server.use(
        http.get('*/api/post-data/p1', () => {
          if (!removed) return HttpResponse.json(state.post);
          notFound += 1;
          return HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 });
        }),
      );
      const { events, user, queryClient } = await openPage();
      await user.click(within(screen.getByRole('article')).getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit post' });
      await within(dialog).findByRole('tab', { name: 'Write' });
      const description = within(dialog).getByLabelText('Description');
      await user.type(description, ', and my long rewrite');

      // An admin's edit waits behind the reader's; then the post is removed (an admin, a ban, another tab).
      const { myVote: _myVote, canDelete: _canDelete, ...sent } = { ...state.post, title: 'Retitled by an admin', editedAt: later(1) };
      events.emit('post-edited', sent);
      removed = true;
      events.emit('post-deleted', { postId: 'p1' });
      // The page asks for the post again and hears it is gone; the reader's text stays, the post behind it too.
      await waitFor(() => expect(notFound).toBe(1));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(dialog).toBeInTheDocument();
      expect(description).toHaveValue(`${state.post.description}, and my long rewrite`);
      expect(screen.getByRole('heading', { level: 1, name: 'A post to discuss', hidden: true })).toBeInTheDocument();

      // Left, the post is gone: the edit that waited does not bring it back.
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Retitled by an admin' })).not.toBeInTheDocument();
    });
  });

  it('fetches the page again when the stream comes back after a break, whatever the server still replays', async () => {
    const post = buildPostDetail({ _id: 'p1', title: 'A post to discuss' });
    let comments = [buildComment({ postId: 'p1', comment: 'Before the break' })];
    let commentRequests = 0;
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/post-data/p1', () => HttpResponse.json(post)),
      http.get('*/api/comment-pagination/p1', () => {
        commentRequests += 1;
        return pagedAnswer(comments);
      }),
    );
    renderApp('/post-details/p1');
    await screen.findByText('Before the break');
    await waitFor(() => expect(Source.open.map((s) => s.query.post)).toEqual(['p1']));
    const events = Source.open[0]!;
    events.accept();
    expect(commentRequests).toBe(1);

    // Written while the stream was down, and not replayed when it opens again.
    comments = [buildComment({ postId: 'p1', comment: 'During the break' }), ...comments];
    events.readyState = Source.CONNECTING;
    events.onerror?.(new Event('error'));
    events.accept();
    expect(await screen.findByText('During the break')).toBeInTheDocument();
    expect(commentRequests).toBe(2);
  });

  it('says a post open on the page is gone once it is deleted, and leaves it alone for another post', async () => {
    let deleted = false;
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/post-data/p1', () =>
        deleted
          ? HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 })
          : HttpResponse.json(buildPostDetail({ _id: 'p1', title: 'About to go' })),
      ),
      http.get('*/api/comment-pagination/p1', () => pagedAnswer([])),
    );
    renderApp('/post-details/p1');
    await screen.findByRole('heading', { name: 'About to go' });
    await waitFor(() => expect(Source.open.map((s) => s.query.post)).toEqual(['p1']));
    const events = Source.open[0]!;

    events.emit('post-deleted', { postId: 'p2' });
    deleted = true;
    events.emit('post-deleted', { postId: 'p1' });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Comment' })).not.toBeInTheDocument();
  });

  it('keeps a deleted post gone when its votes come after its removal (the events passed through two servers)', async () => {
    let deleted = false;
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/post-data/p1', () =>
        deleted
          ? HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 })
          : HttpResponse.json(buildPostDetail({ _id: 'p1', title: 'About to go', upVote: 1, downVote: 0 })),
      ),
      http.get('*/api/comment-pagination/p1', () => pagedAnswer([])),
    );
    renderApp('/post-details/p1');
    await screen.findByRole('heading', { name: 'About to go' });
    await waitFor(() => expect(Source.open.map((s) => s.query.post)).toEqual(['p1']));
    const events = Source.open[0]!;

    deleted = true;
    events.emit('post-deleted', { postId: 'p1' });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    events.emit('votes', { postId: 'p1', upVote: 2, downVote: 0 });
    // An event after it, once shown, says the votes were heard too.
    events.emit('announcement', { ...buildAnnouncement({ title: 'Live news' }), total: 1 });
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    expect(screen.getByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'About to go' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upvote' })).not.toBeInTheDocument();
  });
});
