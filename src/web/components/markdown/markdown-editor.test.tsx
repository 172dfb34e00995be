import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { Form } from '#web/components/ui/form.tsx';
import { server } from '#web/testing/msw/server.ts';
import { createTestQueryClient } from '#web/testing/render-app.tsx';
import { MarkdownEditor } from './markdown-editor.tsx';
import { MarkdownField } from './markdown-field.tsx';

const schema = z.object({ description: z.string().trim().min(1, 'Description is required') });

/** A form with one Markdown field; what it submits is collected. */
async function renderEditor(initial = '') {
  const submitted: string[] = [];
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Form
        schema={schema}
        aria-label="Test form"
        options={{ defaultValues: { description: initial } }}
        onSubmit={(values) => submitted.push(values.description)}
      >
        {({ control }) => (
          <>
            <MarkdownField label="Description" control={control} name="description" />
            <Button type="submit">Save</Button>
          </>
        )}
      </Form>
    </QueryClientProvider>,
  );
  // The editor's code loads lazily; its tabs show it is there.
  await screen.findByRole('tab', { name: 'Write' });
  const textarea = screen.getByLabelText('Description') as HTMLTextAreaElement;
  return { user, submitted, textarea };
}

/** Previews as the server would: the text inside <p>, and what it was asked. */
function previewServer() {
  const asked: string[] = [];
  server.use(
    http.post('*/api/markdown/preview', async ({ request }) => {
      const { markdown } = (await request.json()) as { markdown: string };
      asked.push(markdown);
      return HttpResponse.json({ html: `<p><strong>${markdown.replaceAll('*', '')}</strong></p>` });
    }),
  );
  return asked;
}

describe('Markdown editor', () => {
  it('shows "Write" and "Preview" tabs; Preview shows the server’s rendering of the text', async () => {
    const asked = previewServer();
    const { user, textarea } = await renderEditor();
    const write = screen.getByRole('tab', { name: 'Write' });
    const preview = screen.getByRole('tab', { name: 'Preview' });
    expect(write).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Write' })).toContainElement(textarea);

    await user.type(textarea, '**Hello**');
    await user.click(preview);

    expect(preview).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Preview' });
    expect(await within(panel).findByText('Hello', { selector: 'strong' })).toBeInTheDocument();
    expect(asked).toEqual(['**Hello**']);
    expect(textarea).not.toBeVisible();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    // Arrow keys move between the tabs and select them.
    await user.keyboard('{ArrowLeft}');
    expect(write).toHaveFocus();
    expect(write).toHaveAttribute('aria-selected', 'true');
    expect(textarea).toBeVisible();
  });

  it.each(['', ' \n\u200b\u202e '])('previews nothing for blank text (%j), without asking the server', async (initial) => {
    const asked = previewServer();
    const { user } = await renderEditor(initial);
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('Nothing to preview.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('counts the text as the server will store it: blank lines around it do not make it too long', async () => {
    const asked = previewServer();
    const { user } = await renderEditor(`\n\n${'x'.repeat(20_000)}\n\n`);
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByText(/more than the 20,000 a preview can show/)).not.toBeInTheDocument();
  });

  it('says how long over-long text is instead of asking the server to preview it', async () => {
    const asked = previewServer();
    const { user } = await renderEditor('x'.repeat(20_001));
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('The text is 20,001 characters, more than the 20,000 a preview can show.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says so when the preview fails', async () => {
    server.use(
      http.post('*/api/markdown/preview', () =>
        HttpResponse.json({ message: 'Too long to preview.', code: 'VALIDATION_FAILED' }, { status: 400 }),
      ),
    );
    const { user, textarea } = await renderEditor();
    await user.type(textarea, 'text');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByText('Could not load the preview: Too long to preview.')).toBeInTheDocument();
  });

  it('takes over the focus and the caret of the plain textarea it replaces once loaded', () => {
    // Text typed while the editor loads goes into a stand-in; the writer's next key must land
    // where their caret was, not at the start of the new textarea.
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MarkdownEditor
          id="stand-in"
          aria-invalid={undefined}
          aria-describedby={undefined}
          name="description"
          value="The forum"
          onChange={() => {}}
          onBlur={() => {}}
          focusRef={{ current: true }}
          caretRef={{ current: { start: 3, end: 3 } }}
        />
      </QueryClientProvider>,
    );
    const textarea = document.getElementById('stand-in') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(textarea);
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([3, 3]);
  });

  it('opens with the caret after the text it is given, so editing a comment adds to it', () => {
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MarkdownEditor
          id="editing"
          aria-invalid={undefined}
          aria-describedby={undefined}
          name="comment"
          value="My earlier comment"
          onChange={() => {}}
          onBlur={() => {}}
          autoFocus
        />
      </QueryClientProvider>,
    );
    const textarea = document.getElementById('editing') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(textarea);
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([18, 18]);
  });

  it('formats with Ctrl+B, Ctrl+I and Ctrl+K', async () => {
    const { user, textarea } = await renderEditor();
    await user.type(textarea, 'make it loud');
    textarea.setSelectionRange(8, 12);
    await user.keyboard('{Control>}b{/Control}');
    expect(textarea).toHaveValue('make it **loud**');
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('loud');

    await user.keyboard('{End}{Meta>}i{/Meta}');
    expect(textarea).toHaveValue('make it **loud**_italic text_');
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('italic text');

    await user.keyboard('docs');
    textarea.setSelectionRange(17, 21);
    await user.keyboard('{Control>}k{/Control}');
    expect(textarea).toHaveValue('make it **loud**_[docs](https://)_');
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('https://');
  });

  it('applies the toolbar’s buttons to the selection', async () => {
    const { user, textarea } = await renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    await user.type(textarea, 'call fn');
    textarea.setSelectionRange(5, 7);
    await user.click(within(toolbar).getByRole('button', { name: 'Inline code' }));
    expect(textarea).toHaveValue('call `fn`');

    await user.keyboard('{End}');
    await user.click(within(toolbar).getByRole('button', { name: 'Code block' }));
    expect(textarea).toHaveValue('call `fn`\n```\n\n```');
    expect(textarea).toHaveFocus();
    await user.keyboard('x');
    expect(textarea).toHaveValue('call `fn`\n```\nx\n```');

    await user.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Italic' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    expect(textarea.value).toContain('x**_[bold text](https://)_**');
  });

  it('is one tab stop whose arrow keys move between its buttons', async () => {
    const { user, textarea } = await renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[0]]);
    buttons[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: 'Code block' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(textarea).toHaveValue('```\n\n```');
  });

  it('indents with Tab inside a code block, and moves on with Tab elsewhere', async () => {
    const { user, textarea } = await renderEditor();
    await user.type(textarea, 'Intro');
    await user.tab();
    expect(textarea).not.toHaveFocus();

    await user.click(textarea);
    await user.keyboard('{End}{Enter}```ts{Enter}if (x) {{{Enter}');
    await user.tab();
    expect(textarea).toHaveFocus();
    await user.keyboard('go();');
    expect(textarea).toHaveValue('Intro\n```ts\nif (x) {\n  go();');

    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(textarea).toHaveValue('Intro\n```ts\nif (x) {\ngo();');
    expect(textarea).toHaveFocus();
  });

  it('lets Tab move on from a code block after Escape, and indents again once another key is typed', async () => {
    const { user, textarea } = await renderEditor();
    await user.click(textarea);
    await user.keyboard('```{Enter}x');

    await user.keyboard('{Escape}y');
    await user.tab();
    expect(textarea).toHaveFocus();
    expect(textarea).toHaveValue('```\nxy  ');

    await user.keyboard('{Escape}');
    await user.tab();
    expect(textarea).not.toHaveFocus();
    expect(textarea).toHaveValue('```\nxy  ');
    // Back in the field, Tab indents again.
    await user.click(textarea);
    await user.keyboard('{End}');
    await user.tab();
    expect(textarea).toHaveFocus();
    expect(textarea).toHaveValue('```\nxy    ');
  });

  it('keeps the form’s validation: an empty text is refused and shown on the field', async () => {
    const { user, textarea, submitted } = await renderEditor();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    // The text comes back into view to be fixed.
    expect(screen.getByRole('tab', { name: 'Write' })).toHaveAttribute('aria-selected', 'true');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(submitted).toEqual([]);

    await user.type(textarea, 'Now with text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toEqual(['Now with text']));
  });

  it('uploads a pasted image and inserts it as Markdown in a paragraph of its own, named for its file', async () => {
    const uploads: string[] = [];
    server.use(
      http.post('*/api/uploads/image', async ({ request }) => {
        // The multipart body read as text: Node 26's fetch cannot parse it into the test
        // environment's File objects (request.formData() fails there), nor carry their bytes.
        const part = /name="image"; filename="[^"]*"\r\nContent-Type: ([^\r]*)\r\n/.exec(await request.text());
        uploads.push(part?.[1] ?? 'no image part');
        return HttpResponse.json({ data: { display_url: '/api/images/img-1' } });
      }),
    );
    const { user, textarea } = await renderEditor();
    await user.type(textarea, 'Look:');
    const appended = vi.spyOn(FormData.prototype, 'append');
    const image = new File(['png'], 'shot.png', { type: 'image/png' });
    fireEvent.paste(textarea, { clipboardData: { files: [image], types: ['Files'] } });

    await waitFor(() => expect(textarea).toHaveValue('Look:\n\n![shot](/api/images/img-1)\n'));
    expect(uploads).toEqual(['image/png']);
    // The pasted file itself (toBe: every File is deeply equal to every other one here).
    expect(appended.mock.calls.find(([name]) => name === 'image')?.[1]).toBe(image);
  });

  it('says why a dropped image could not be uploaded, and leaves no placeholder', async () => {
    server.use(
      http.post('*/api/uploads/image', () =>
        HttpResponse.json({ message: 'Only PNG, JPEG, WebP or GIF images.', code: 'UNSUPPORTED_MEDIA_TYPE' }, { status: 415 }),
      ),
    );
    const { textarea } = await renderEditor('Text');
    textarea.setSelectionRange(4, 4);
    const image = new File(['gif'], 'anim.gif', { type: 'image/gif' });
    fireEvent.drop(textarea, { dataTransfer: { files: [image], types: ['Files'] } });
    expect(textarea).toHaveValue('Text\n\n![Uploading 1: anim.gif…]()\n');

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not upload anim.gif: Only PNG, JPEG, WebP or GIF images.');
    expect(textarea).toHaveValue('Text');
  });
});
