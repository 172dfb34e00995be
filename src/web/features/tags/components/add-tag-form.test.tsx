import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

function serveAdmin() {
  const tags: string[] = ['react'];
  server.use(...signedInAs('Admin'));
  server.use(
    http.get('*/api/tag-data', () => HttpResponse.json(tags.map((tag, i) => ({ _id: `tag-${i + 1}`, tag })))),
    http.post('*/api/tag-data', async ({ request }) => {
      const { tag } = (await request.json()) as { tag: string };
      if (tags.includes(tag)) return HttpResponse.json({ message: `The tag "${tag}" already exists.`, code: 'CONFLICT' }, { status: 409 });
      tags.push(tag);
      return HttpResponse.json({ insertedId: `tag-${tags.length}` });
    }),
  );
  return tags;
}

describe('Admin Profile', () => {
  it('adds a tag ("Successfully Tag added") and shows the server refusing a duplicate', async () => {
    const tags = serveAdmin();
    const { user } = renderApp('/dashboard/admin-profile');
    const field = await screen.findByLabelText('Tag');

    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('Tag is required')).toBeInTheDocument();

    await user.type(field, 'TypeScript');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('Successfully Tag added')).toBeInTheDocument();
    expect(tags).toContain('typescript');
    expect(screen.getByLabelText('Tag')).toHaveValue('');

    await user.type(screen.getByLabelText('Tag'), 'react');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    const refusal = await screen.findByText('The tag "react" already exists.');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(refusal).toHaveClass('text-danger-700');

    // A new try that breaks the form's rule is told that, not the last refusal too.
    await user.clear(screen.getByLabelText('Tag'));
    await user.type(screen.getByLabelText('Tag'), 'Rust Lang');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('Use only letters, digits and + # . - (no spaces)')).toBeInTheDocument();
    expect(screen.queryByText('The tag "react" already exists.')).not.toBeInTheDocument();
  });

  it('refuses a tag of punctuation alone on the form, and keeps punctuation beside a letter or digit', async () => {
    const tags = serveAdmin();
    const { user } = renderApp('/dashboard/admin-profile');
    const field = await screen.findByLabelText('Tag');

    for (const tag of ['#', '...', '-']) {
      await user.clear(field);
      await user.type(field, tag);
      await user.click(screen.getByRole('button', { name: 'Add Tag' }));
      expect(await screen.findByText('A tag needs at least one letter or digit')).toBeInTheDocument();
    }
    expect(tags).toEqual(['react']);

    await user.clear(field);
    await user.type(field, 'C#');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('Successfully Tag added')).toBeInTheDocument();
    expect(tags).toEqual(['react', 'c#']);
  });

  it('lists a tag another admin added meanwhile once adding it again is refused as a duplicate', async () => {
    const tags = serveAdmin();
    const { user } = renderApp('/dashboard/admin-profile');
    const list = await screen.findByRole('list', { name: 'Tags' });
    expect(within(list).getByText('react')).toBeInTheDocument();
    // Another admin adds it after the page read the tags.
    tags.push('svelte');

    await user.type(screen.getByLabelText('Tag'), 'svelte');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('The tag "svelte" already exists.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByText('svelte')).toBeInTheDocument());
  });
});
