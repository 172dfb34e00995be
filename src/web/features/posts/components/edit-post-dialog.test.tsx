import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#web/testing/msw/server.ts';
import { createTestQueryClient } from '#web/testing/render-app.tsx';
import { EditPostDialog } from './edit-post-dialog.tsx';

const post = { _id: 'p1', title: 'Old title', description: 'Old **text**', category: 'go' };
const tagChoices = {
  tags: [
    { _id: 't1', tag: 'go' },
    { _id: 't2', tag: 'rust' },
  ],
  error: null,
};

describe('Edit post', () => {
  it('edits the title, the tag and the Markdown description under the rules of writing a post', async () => {
    const patched: unknown[] = [];
    server.use(
      http.patch('*/api/post-data/p1', async ({ request }) => {
        patched.push(await request.json());
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    let closed = 0;
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <EditPostDialog post={post} tagChoices={tagChoices} open onClose={() => (closed += 1)} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    await within(dialog).findByRole('tab', { name: 'Write' });
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    const description = within(dialog).getByLabelText('Description');
    expect(description).toHaveValue('Old **text**');

    await user.clear(description);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(patched).toEqual([]);

    await user.type(description, 'New text');
    const tag = within(dialog).getByLabelText('Tag');
    expect(tag).toHaveValue('go');
    await user.selectOptions(tag, 'rust');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(patched).toEqual([{ title: 'Old title', description: 'New text', category: 'rust' }]);
  });

  it('keeps the changes when Escape closes it, and lets them go on Cancel', async () => {
    const user = userEvent.setup();
    const client = createTestQueryClient();
    const view = (open: boolean) => (
      <QueryClientProvider client={client}>
        <EditPostDialog post={post} tagChoices={tagChoices} open={open} onClose={() => undefined} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(true));
    let dialog = screen.getByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'A much better title');
    await user.keyboard('{Escape}');
    rerender(view(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(view(true));
    dialog = screen.getByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('A much better title');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    rerender(view(false));
    rerender(view(true));
    expect(within(screen.getByRole('dialog', { name: 'Edit post' })).getByLabelText('Title')).toHaveValue('Old title');
  });
});
