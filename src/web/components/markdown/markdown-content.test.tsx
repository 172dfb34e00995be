import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './markdown-content.tsx';

const html =
  '<p>Try this:</p>' +
  '<pre><code class="language-ts"><span class="hljs-keyword">const</span> answer = <span class="hljs-number">42</span>;</code></pre>' +
  '<ul><li><pre><code>plain block</code></pre></li></ul>';

describe('Rendered Markdown', () => {
  it('shows the stored HTML, each code block with its language', () => {
    render(<MarkdownContent html={html} kind="post" />);
    expect(screen.getByText('Try this:')).toBeInTheDocument();
    expect(screen.getByText('const')).toHaveClass('hljs-keyword');
    expect(screen.getByText('ts')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
  });

  it('writes each code block’s frame and language into the markup, so a page rendered on the server has them', () => {
    const markup = renderToString(<MarkdownContent html={html} kind="post" />);
    expect(markup).toContain(
      '<div class="code-block"><div class="code-block-bar"><span class="code-block-language">ts</span></div><pre tabindex="0"><code class="language-ts">',
    );
    expect(markup).toContain('<span class="code-block-language">code</span></div><pre tabindex="0"><code>plain block</code></pre></div>');
  });

  it('says which kind of text it is, which sizes its headings by their rank in it (styles.css)', () => {
    expect(renderToString(<MarkdownContent html="<h3>Top</h3>" kind="comment" />)).toContain('data-kind="comment"');
    expect(renderToString(<MarkdownContent html="<h4>Top</h4>" kind="announcement" />)).toContain('data-kind="announcement"');
  });

  it('copies a code block’s text and says "Copied"', async () => {
    const user = userEvent.setup();
    render(<MarkdownContent html={html} kind="post" />);
    const [first, second] = screen.getAllByRole('button', { name: 'Copy' });

    await user.click(first!);
    expect(await navigator.clipboard.readText()).toBe('const answer = 42;');
    expect(first).toHaveAccessibleName('Copied');

    await user.click(second!);
    expect(await navigator.clipboard.readText()).toBe('plain block');
  });

  it('frames the new code blocks when the HTML changes', () => {
    const { rerender, container } = render(<MarkdownContent html={html} kind="post" />);
    rerender(<MarkdownContent html={'<pre><code class="language-py">print(1)</code></pre>'} kind="post" />);
    const blocks = container.querySelectorAll('.code-block');
    expect(blocks).toHaveLength(1);
    expect(within(blocks[0] as HTMLElement).getByText('py')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(1);
  });

  it('lets the keyboard reach code blocks and tables, which scroll sideways when wide', async () => {
    const user = userEvent.setup();
    render(
      <MarkdownContent
        kind="post"
        html={'<pre><code>a</code></pre><table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>'}
      />,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveFocus();
    await user.tab();
    expect(screen.getByText('a').closest('pre')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('table')).toHaveFocus();
  });
});
