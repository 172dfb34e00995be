import hljs from 'highlight.js/lib/core';
import MarkdownIt, { type Token } from 'markdown-it';
import taskLists from 'markdown-it-task-lists';
import sanitizeHtml from 'sanitize-html';
import type { MarkdownKind } from '#shared/schemas/markdown.ts';
import { HIGHLIGHT_LANGUAGES } from './languages.ts';
import { escapeHtml } from '../escape-html.ts';

/*
 * Members' Markdown → the HTML stored beside it (API.md "Markdown"). Rendered once, when the
 * text is written; reads never render. Three layers, each doing what it is good at:
 * markdown-it parses CommonMark + GFM with raw HTML off (`html: false`: a `<script>` in the
 * source is text), highlight.js colours fenced code with a known language on the server (the
 * browser needs no highlighter), and sanitize-html keeps only the allow-list below, whatever
 * the first two produced.
 */

for (const [name, language, aliases] of HIGHLIGHT_LANGUAGES) {
  hljs.registerLanguage(name, language);
  if (aliases.length > 0) hljs.registerAliases(aliases, { languageName: name });
}

const markdown = new MarkdownIt({
  html: false,
  linkify: true,
  typographer: false,
  highlight(code, lang) {
    const name = lang.trim().toLowerCase();
    if (name && hljs.getLanguage(name)) {
      const className = `language-${escapeHtml(name)}`;
      return `<pre><code class="hljs ${className}">${hljs.highlight(code, { language: name, ignoreIllegals: true }).value}</code></pre>`;
    }
    return ''; // markdown-it escapes it as plain code
  },
})
  .enable(['table', 'strikethrough'])
  // Each checkbox inside a <label> with its item's words: a screen reader names it by them.
  .use(taskLists, { enabled: false, label: true });

// An address written as `www.…` is a link, as GitHub makes it (linkify-it 6 no longer guesses
// links without a scheme). Not every bare domain: `setup.py`, `main.rs` and `README.md` are file
// names here, not Paraguay, Serbia and Moldova.
let wwwTail: RegExp | undefined;
markdown.linkify.add('www.', {
  validate(text, pos, self) {
    // What follows `www.`: more of a domain (one dot at least), a port, a path, as linkify-it's
    // own `//` schema reads a host.
    const re = self.re;
    wwwTail ??= new RegExp(
      `(?:(?:${re.get_domain().source})[.]){1,10}${re.get_domain_root().source}${re.get_port().source}${re.get_host_terminator().source}${re.get_path().source}`,
      'iy',
    );
    wwwTail.lastIndex = pos;
    return wwwTail.exec(text)?.[0].length ?? 0;
  },
  normalize(match) {
    match.url = `http://${match.url}`;
  },
});

/*
 * A page has one h1 (its title), and a text's `#` heading sits one level under the heading the
 * text is shown beneath: a post's under the page's h1 title, a comment's under the post page's
 * "Comments" h2 (and a dialog's h2 title), an announcement's under its own h3 title in the
 * "Announcements" h2. Deeper headings follow, as deep as h6. A screen reader's outline then
 * has a comment's headings inside the comments, not beside them.
 */
const TOP_HEADING = { post: 2, comment: 3, announcement: 4 } as const satisfies Record<MarkdownKind, number>;

/** What renderMarkdown passes markdown-it for a render: what the text is written for. */
type RenderEnv = {
  kind?: MarkdownKind | undefined;
};

const headingTag = (tokens: Token[], index: number, env: RenderEnv | undefined) =>
  `h${Math.min(6, Number(tokens[index]!.tag.slice(1)) - 1 + TOP_HEADING[env?.kind ?? 'post'])}`;
markdown.renderer.rules.heading_open = (tokens, index, _options, env) => `<${headingTag(tokens, index, env as RenderEnv)}>`;
markdown.renderer.rules.heading_close = (tokens, index, _options, env) => `</${headingTag(tokens, index, env as RenderEnv)}>`;

// Struck-through text is what was taken back, and says so: <del>, as GitHub writes it and the
// allow-list of API.md names it (markdown-it writes <s>, which <del> also looks like).
markdown.renderer.rules.s_open = () => '<del>';
markdown.renderer.rules.s_close = () => '</del>';

// A link's words may hold an autolink (`[see <https://…>](…)`) or an image this forum does not
// show, which becomes a link (below): a link inside a link, which a browser does not nest (it
// ends the outer link there, so its words go elsewhere or nowhere). Inside a link they are
// words of that link.
markdown.core.ruler.push('links_not_nested', (state) => {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    let depth = 0;
    block.children = block.children.filter((token) => {
      if (token.type === 'link_open') return (depth += 1) === 1;
      if (token.type === 'link_close') return (depth -= 1) === 0;
      if (token.type === 'image' && depth > 0) token.meta = { ...token.meta, insideLink: true };
      return true;
    });
  }
});

/*
 * Markdown repeats two things the text writes once: a definition's address (`[a]: https://…`) at
 * every use of it (`[a]`), and a table's header at every row, whose missing cells are filled in
 * empty (markdown-it stops at 65,536 of them, per table). Left alone, a 5,000-character comment
 * made megabytes of HTML to store and send in every list of it, and seconds of work to render.
 * A text's HTML stays within a few times its length; past these bounds, what is left is text.
 */

/** Cells a text's tables may have beyond one per character of it: every table a text writes out, and sparse ones too. */
const TABLE_CELLS_FREE = 1_000;

// markdown-it's own table rule, given only the lines of the rows that fit.
const tableRule = markdown.block.ruler.__rules__.find((rule) => rule.name === 'table')!.fn;
markdown.block.ruler.at('table', (state, startLine, endLine, silent) => {
  if (silent || startLine + 2 > endLine) return tableRule(state, startLine, endLine, silent);
  const env = state.env as { tableCells?: number };
  const left = (env.tableCells ??= state.src.length + TABLE_CELLS_FREE);
  // The delimiter row has one `:-:` for each column (a table whose header differs is none).
  const delimiter = state.src.slice(state.bMarks[startLine + 1]! + state.tShift[startLine + 1]!, state.eMarks[startLine + 1]!);
  const columns = delimiter.split('|').filter((cell) => cell.trim() !== '').length;
  // The header and as many rows as there are cells left; the lines after them are text.
  const rows = columns === 0 ? endLine : Math.floor(left / columns);
  if (rows === 0) return false;
  const before = state.tokens.length;
  if (!tableRule(state, startLine, Math.min(endLine, startLine + 1 + rows), silent)) return false;
  env.tableCells = left - columns * state.tokens.slice(before).filter((token) => token.type === 'tr_open').length;
  return true;
});

/** Characters of definitions' addresses and titles a text may repeat beyond one per character of it. */
const REPEATED_ADDRESS_FREE = 10_000;

markdown.core.ruler.push('definitions_used_within_bounds', (state) => {
  const references = (state.env as { references?: Record<string, { href: string; title: string }> }).references;
  if (!references) return;
  const defined = new Set(Object.values(references).map((ref) => `${ref.href}\n${ref.title}`));
  const repeated = (token: Token) => {
    const address = `${token.attrGet(token.type === 'image' ? 'src' : 'href') ?? ''}\n${token.attrGet('title') ?? ''}`;
    return defined.has(address) ? address.length - 1 : 0;
  };
  let left = state.src.length + REPEATED_ADDRESS_FREE;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    // Links are not nested (links_not_nested): one past the bounds is its words, up to its close.
    let unlinked = false;
    block.children = block.children.flatMap((token) => {
      if (token.type === 'link_close' && unlinked) {
        unlinked = false;
        return [];
      }
      if (token.type !== 'link_open' && token.type !== 'image') return [token];
      const cost = repeated(token);
      if (cost <= left) {
        left -= cost;
        return [token];
      }
      if (token.type === 'image') return token.children ?? [];
      unlinked = true;
      return [];
    });
  }
});

const OWN_IMAGE_SRC = /^\/api\/images\/[A-Za-z0-9_-]+$/;
const HTTPS_SRC = /^https:\/\//i;

/**
 * Images show from https or this forum's own store (API.md). Any other image is not shown, but
 * not lost either: it becomes a link to where it is, with its words (the link itself is kept
 * only for the schemes links may have), or inside a link just its words. A scheme is read
 * whatever its case.
 */
const defaultImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const src = String(token.attrGet('src') ?? '');
  if (HTTPS_SRC.test(src)) token.attrSet('src', `https://${src.slice('https://'.length)}`);
  if (HTTPS_SRC.test(src) || OWN_IMAGE_SRC.test(src)) return defaultImage(tokens, index, options, env, self);
  const words = self.renderInlineAsText(token.children ?? [], options, env) || src;
  const insideLink = (token.meta as { insideLink?: boolean } | null)?.insideLink === true;
  return insideLink ? escapeHtml(words) : `<a href="${escapeHtml(src)}">${escapeHtml(words)}</a>`;
};

const LINK_REL = 'nofollow ugc noopener noreferrer';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    'del',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'input',
    'label',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'img',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    span: ['class'],
    ul: ['class'],
    li: ['class'],
    input: ['type', 'checked', 'disabled', 'class'],
    th: ['style'],
    td: ['style'],
    ol: ['start'],
  },
  allowedClasses: {
    code: ['hljs', /^language-[a-z0-9+#-]+$/],
    span: [/^hljs-[a-z0-9_-]+$/],
    ul: ['contains-task-list'],
    li: ['task-list-item'],
    input: ['task-list-item-checkbox'],
  },
  // Table cell alignment is the one style markdown-it writes.
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }),
    // Only a disabled checkbox (a task list item) may stand as an input.
    input: (tagName, attribs) =>
      attribs.type === 'checkbox' ? { tagName, attribs: { ...attribs, disabled: '' } } : { tagName: 'span', attribs: {}, text: '' },
  },
  exclusiveFilter: (frame) => {
    // Images only from https or this forum's own image store.
    if (frame.tag !== 'img') return false;
    const src = frame.attribs.src ?? '';
    return !(src.startsWith('https://') || OWN_IMAGE_SRC.test(src));
  },
};

/**
 * A tag markdown-it writes without attributes, all of them in the allow-list. With raw HTML off,
 * every `<` in its output starts a tag it or highlight.js wrote, so HTML holding only these, and
 * highlight.js's code and spans (below), is already what the sanitiser would keep.
 */
const PLAIN_TAG = /^<\/?(?:p|br|hr|h[2-6]|strong|em|del|s|code|pre|blockquote|ul|ol|li|table|thead|tbody|tr|th|td|span)>$/;
const TAG = /<[^>]*>/g;
const HIGHLIGHTED_CODE = /^<code class="hljs language-[a-z0-9+#-]+">$/;
const HIGHLIGHT_SPAN = /^<span class="([^"<>&]*)">$/;
const HIGHLIGHT_CLASS = /^hljs-[a-z0-9_-]+$/;

/** A highlight.js span as the sanitiser leaves it: only the classes the allow-list names. */
function highlightSpan(tag: string): string | null {
  const classes = HIGHLIGHT_SPAN.exec(tag)?.[1];
  if (classes === undefined) return null;
  const kept = classes.split(' ').filter((name) => HIGHLIGHT_CLASS.test(name));
  if (kept.length === 0) return null;
  return `<span class="${kept.join(' ')}">`;
}

/**
 * Most comments are a few paragraphs of words and inline code, for which the sanitiser's pass
 * was two thirds of rendering them (6–7 % of a comment's CPU in the bench), and a highlighted
 * code block is thousands of spans, which it took more time to walk than highlight.js took to
 * write. Such HTML skips it and is written out as the sanitiser writes it (void tags closed,
 * quotes in text unescaped, classes outside the allow-list dropped), so the stored HTML is the
 * same either way; a test holds the two equal over thousands of texts. Any other tag,
 * attribute or class takes the sanitiser's path.
 */
function plainHtml(html: string): string | null {
  let refused = false;
  const out = html.replace(TAG, (tag) => {
    if (PLAIN_TAG.test(tag) || HIGHLIGHTED_CODE.test(tag)) return tag === '<br>' || tag === '<hr>' ? `${tag.slice(0, -1)} />` : tag;
    const span = highlightSpan(tag);
    if (span === null) refused = true;
    return span ?? tag;
  });
  return refused ? null : out.replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
}

/**
 * A post's, comment's or announcement's Markdown as the sanitised HTML that is stored; `kind`
 * (a post unless told) decides the level its `#` heading becomes (TOP_HEADING).
 */
export function renderMarkdown(source: string, kind: MarkdownKind = 'post'): string {
  const env: RenderEnv = { kind };
  const html = markdown.render(source, env);
  return (plainHtml(html) ?? sanitizeHtml(html, SANITIZE)).trim();
}

/** Whether the source's HTML skips the sanitiser (for the test that holds both paths equal). */
export const skipsSanitiser = (source: string): boolean => plainHtml(markdown.render(source, {})) !== null;

/** The same, always through the sanitiser: what the test holds renderMarkdown equal to. */
export const renderMarkdownSanitized = (source: string): string => sanitizeHtml(markdown.render(source, {}), SANITIZE).trim();
