import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX, POST_DESCRIPTION_MAX } from '#shared/constants.ts';
import { excerptOf } from '#shared/html-text.ts';
import { HIGHLIGHT_LANGUAGES } from './languages.ts';
import { renderMarkdown, renderMarkdownSanitized, skipsSanitiser } from './render-markdown.ts';

// What members write is Markdown; what is stored and shown is this HTML. Rendering is checked
// for what a tech forum needs, and the sanitiser against OWASP's filter-evasion cheat sheet.

const ALLOWED_TAGS = new Set([
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
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
  'span',
]);

/** Parses the HTML as a browser would and checks every element and attribute it holds. */
function expectInert(html: string) {
  const parser = new Parser({
    onopentag(tag, attributes) {
      expect(ALLOWED_TAGS, `<${tag}> in ${html}`).toContain(tag);
      for (const [name, value] of Object.entries(attributes)) {
        expect(name, `${name} on <${tag}>`).not.toMatch(/^(on|id$|name$|srcdoc$|formaction$)/);
        if (name === 'style') expect(value).toMatch(/^text-align:(left|right|center)$/);
        if (name === 'href' || name === 'src') {
          const url = value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
          expect(url, `${name}="${value}"`).not.toMatch(/^(javascript|vbscript|data|file):/);
        }
      }
    },
  });
  parser.write(html);
  parser.end();
}

describe('renderMarkdown', () => {
  it('renders CommonMark and GFM: headings from h2, emphasis, lists, tables, task lists, strikethrough, autolinks', () => {
    const html = renderMarkdown(
      [
        '# Big',
        '### Small',
        'Some **bold**, *soft* and `inline` text.',
        '1. one\n2. two',
        '| a | b |\n|:-|-:|\n| 1 | 2 |',
        '- [ ] todo\n- [x] done',
        '~~gone~~ and https://example.test/page',
        '> quoted',
      ].join('\n\n'),
    );
    expect(html).toContain('<h2>Big</h2>');
    expect(html).toContain('<h4>Small</h4>');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<code>inline</code>');
    expect(html).toMatch(/<ol>\s*<li>one<\/li>/);
    expect(html).toContain('<th style="text-align:left">a</th>');
    // Each checkbox is named by its item's words (a <label> around both).
    expect(html).toContain('<label><input class="task-list-item-checkbox" disabled type="checkbox" /> todo</label>');
    expect(html).toContain('<label><input class="task-list-item-checkbox" checked disabled type="checkbox" /> done</label>');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<a href="https://example.test/page" rel="nofollow ugc noopener noreferrer">https://example.test/page</a>');
    expect(html).toContain('<blockquote>');
  });

  // A text's `#` sits one level under the heading it is shown beneath: a post's under the page's
  // h1 title, a comment's under the "Comments" h2, an announcement's under its own h3 title.
  it("starts a text's headings at its kind's level, and caps them at h6", () => {
    const source = ['# One', '## Two', '### Three', '#### Four', '##### Five', '###### Six'].join('\n\n');
    const levels = (html: string) => [...html.matchAll(/<h(\d)>/g)].map((m) => Number(m[1]));
    expect(levels(renderMarkdown(source))).toEqual([2, 3, 4, 5, 6, 6]);
    expect(levels(renderMarkdown(source, 'post'))).toEqual([2, 3, 4, 5, 6, 6]);
    expect(levels(renderMarkdown(source, 'comment'))).toEqual([3, 4, 5, 6, 6, 6]);
    expect(levels(renderMarkdown(source, 'announcement'))).toEqual([4, 5, 6, 6, 6, 6]);
    expect(renderMarkdown('# Title', 'comment')).toBe('<h3>Title</h3>');
    expect(renderMarkdown('#### Deep', 'announcement')).toBe('<h6>Deep</h6>');
    // The sanitiser's path (an image) writes the same levels.
    expect(renderMarkdown('# Title\n\n![a](https://example.test/a.png)', 'announcement')).toMatch(/^<h4>Title<\/h4>/);
  });

  it('links an address written as www.… (as GitHub does), but not a bare file or domain name', () => {
    expect(renderMarkdown('See (www.example.test/docs?a=1#b).')).toBe(
      '<p>See (<a href="http://www.example.test/docs?a=1#b" rel="nofollow ugc noopener noreferrer">www.example.test/docs?a=1#b</a>).</p>',
    );
    expect(renderMarkdown('Run setup.py, main.rs and README.md; see example.com; awww.example.test')).not.toContain('<a');
    expect(renderMarkdown('`www.example.test` and www. alone')).not.toContain('<a');
  });

  it('highlights fenced code in a known language on the server, and leaves others plain', () => {
    const ts = renderMarkdown('```ts\nconst answer: number = 42;\n```');
    expect(ts).toMatch(/^<pre><code class="hljs language-ts"><span class="hljs-keyword">const<\/span>/);
    expect(ts).toContain('<span class="hljs-number">42</span>');
    for (const lang of ['python', 'go', 'rust', 'sql', 'bash', 'json', 'yaml', 'toml', 'html', 'css', 'diff', 'dockerfile', 'tsx', 'cpp']) {
      expect(renderMarkdown(`\`\`\`${lang}\nx = 1\n\`\`\``), lang).toContain(`class="hljs language-${lang}"`);
    }
    const unknown = renderMarkdown('```brainfudge\n<b>&</b>\n```');
    expect(unknown).toBe('<pre><code class="language-brainfudge">&lt;b&gt;&amp;&lt;/b&gt;\n</code></pre>');
    expect(renderMarkdown('```\nplain <i>\n```')).toBe('<pre><code>plain &lt;i&gt;\n</code></pre>');
  });

  it('shows raw HTML in the source as text', () => {
    const html = renderMarkdown('<script>alert(1)</script> <b onmouseover="x()">hi</b>');
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;b onmouseover="x()"&gt;hi&lt;/b&gt;</p>');
  });

  it('keeps links to http, https, mailto and relative targets, with rel', () => {
    const html = renderMarkdown('[a](https://a.test) [b](http://b.test) [c](mailto:c@c.test) [d](/post-details/1) [e](#part)');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      'https://a.test',
      'http://b.test',
      'mailto:c@c.test',
      '/post-details/1',
      '#part',
    ]);
    expect(html.match(/rel="nofollow ugc noopener noreferrer"/g)).toHaveLength(5);
  });

  it('keeps images from https and from this forum only', () => {
    const html = renderMarkdown(
      '![a](https://img.test/a.png) ![b](/api/images/abc-123) ![c](http://img.test/c.png) ![d](/etc/passwd) ![e](//evil.test/e.png)',
    );
    expect([...html.matchAll(/src="([^"]*)"/g)].map((m) => m[1])).toEqual(['https://img.test/a.png', '/api/images/abc-123']);
  });

  it('reads an image’s scheme whatever its case, and leaves one it does not show as a link with its words', () => {
    expect(renderMarkdown('![a](HTTPS://img.test/a.png)')).toBe('<p><img src="https://img.test/a.png" alt="a" /></p>');
    expect(renderMarkdown('![the *chart*](http://img.test/c.png)')).toBe(
      '<p><a href="http://img.test/c.png" rel="nofollow ugc noopener noreferrer">the chart</a></p>',
    );
    // No words: the address stands for them. A scheme a link may not have leaves the words alone.
    expect(renderMarkdown('![](http://img.test/c.png)')).toContain('>http://img.test/c.png</a>');
    expect(renderMarkdown('![x](data:image/png;base64,AAAA)')).toBe('<p><a rel="nofollow ugc noopener noreferrer">x</a></p>');
  });

  it('keeps a link whole around an image it does not show or an autolink: no link inside a link', () => {
    // A browser ends the outer <a> where an inner one starts: its words would lead elsewhere.
    const rel = 'rel="nofollow ugc noopener noreferrer"';
    expect(renderMarkdown('[![build](http://ci.test/badge.svg) passing](https://ci.test/runs)')).toBe(
      `<p><a href="https://ci.test/runs" ${rel}>build passing</a></p>`,
    );
    expect(renderMarkdown('[see <https://x.test/a> first](https://y.test)')).toBe(
      `<p><a href="https://y.test" ${rel}>see https://x.test/a first</a></p>`,
    );
    expect(renderMarkdown('**[a ![b][img] c](/post-details/1)**\n\n[img]: /etc/b.png')).toBe(
      `<p><strong><a href="/post-details/1" ${rel}>a b c</a></strong></p>`,
    );
    // An image that is shown stays inside its link; one outside a link still becomes a link.
    expect(renderMarkdown('[![b](https://img.test/b.png)](https://z.test)')).toBe(
      `<p><a href="https://z.test" ${rel}><img src="https://img.test/b.png" alt="b" /></a></p>`,
    );
    expect(renderMarkdown('![b](http://img.test/b.png) [c](https://z.test)')).toBe(
      `<p><a href="http://img.test/b.png" ${rel}>b</a> <a href="https://z.test" ${rel}>c</a></p>`,
    );
  });

  // Text of the longest length a post or a comment may have, made of what Markdown repeats: a
  // definition's address (and title) at every use of it, and a table's empty cells in every row.
  const reusedDefinition = (length: number, image = false) => {
    const definition = `[a]: https://x.test/${'a'.repeat(length / 2)} "${'t'.repeat(length / 8)}"\n\n`;
    const use = image ? '![a] ' : '[a] ';
    return definition + use.repeat(Math.floor((length - definition.length) / use.length));
  };
  const emptyCells = (length: number) => {
    const columns = 180;
    const table = `${'a|'.repeat(columns - 1)}a\n${'-|'.repeat(columns - 1)}-\n${'|\n'.repeat(65_536 / columns)}\n`;
    return table.repeat(Math.floor(length / table.length));
  };

  it('stores HTML a bounded number of times longer than the text, however the text repeats what it defines', () => {
    for (const length of [COMMENT_MAX, POST_DESCRIPTION_MAX]) {
      for (const source of [reusedDefinition(length), reusedDefinition(length, true), emptyCells(length)]) {
        expect(source.length).toBeLessThanOrEqual(length);
        const html = renderMarkdown(source);
        expect(html.length, source.slice(0, 40)).toBeLessThan(32 * source.length);
        expect(html).toBe(renderMarkdownSanitized(source));
      }
    }
  });

  it('still renders in full the tables and links a text writes out', () => {
    // Every cell written: as many as a post has room for.
    const rows = Math.floor((POST_DESCRIPTION_MAX - 20) / 6) - 2;
    const full = renderMarkdown(`a|b|c\n-|-|-\n${'x|y|z\n'.repeat(rows)}`);
    expect(full.match(/<tr>/g)).toHaveLength(rows + 1);
    // Rows of one cell under a wide header, and a definition used many times.
    const sparse = renderMarkdown(`${'h|'.repeat(19)}h\n${'-|'.repeat(19)}-\n${'x\n'.repeat(50)}`);
    expect(sparse.match(/<td>/g)).toHaveLength(50 * 20);
    const docs = `https://docs.test/${'guide/'.repeat(30)}`;
    const cited = renderMarkdown(`${'See [the guide]. '.repeat(40)}\n\n[the guide]: ${docs} "The guide"`);
    expect(cited.match(new RegExp(`<a href="${docs}" title="The guide"`, 'g'))).toHaveLength(40);
    // A definition used past the bounds is its words; a link written out after it is still a link.
    const spent = renderMarkdown(`${reusedDefinition(COMMENT_MAX - 40)}[b](https://b.test)`);
    expect(spent).toMatch(/ a a <a href="https:\/\/b\.test" rel="nofollow ugc noopener noreferrer">b<\/a><\/p>$/);
  });

  // OWASP XSS filter-evasion cheat sheet, in the forms Markdown can carry them.
  const ATTACKS = [
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](  javascript:alert(1))',
    '[x](jav\tascript:alert(1))',
    '[x](jav&#x09;ascript:alert(1))',
    '[x](jav&#9;ascript:alert(1))',
    '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
    '[x](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1))',
    '[x](javascript&colon;alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](DATA:text/html,<script>alert(1)</script>)',
    '<javascript:alert(1)>',
    '<vbscript:msgbox(1)>',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
    '![x](javascript:alert(1))',
    '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    '![x"onerror="alert(1)](https://img.test/a.png)',
    '![x](https://img.test/a.png "title\\" onerror=\\"alert(1)")',
    '[a](https://x.test "\\" onmouseover=alert(1) x=\\"")',
    '[a](https://x.test" onmouseover="alert(1))',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<a href="javascript:alert(1)">x</a>',
    '**<img src=x onerror=alert(1)>**',
    '[<img src=x onerror=alert(1)>](https://x.test)',
    '`<script>alert(1)</script>`',
    '```html\n<script>alert(1)</script>\n```',
    '```"><script>alert(1)</script>\nx\n```',
    '```js onclick=alert(1)\nx\n```',
    '<style>body{display:none}</style>',
    '<form id="x" name="location"><input name="y"></form>',
    '[x](https://x.test){onclick=alert(1)}',
    '<<script>alert(1)//<</script>',
    '<scr<script>ipt>alert(1)</script>',
    '[x](java\u0000script:alert(1))',
    '[x](\u0001javascript:alert(1))',
    '[x](%6A%61%76%61script:alert(1))',
  ];

  it.each(ATTACKS)('renders %j inert', (attack) => {
    expectInert(renderMarkdown(attack));
    expectInert(renderMarkdown(`text before\n\n${attack}\n\ntext after`));
  });
});

describe('renderMarkdown without the sanitiser for plain formatting', () => {
  // Text made of what Markdown reads as syntax, quotes, entities and words, from a fixed seed.
  const PIECES = [
    '*',
    '**',
    '_',
    '`',
    '```',
    '~~',
    '#',
    '## ',
    '> ',
    '- ',
    '1. ',
    '3) ',
    '|',
    ' | --- |',
    '[',
    ']',
    '(',
    ')',
    '!',
    '<',
    '>',
    '&',
    '&amp;',
    '&quot;',
    '&lt;b&gt;',
    '&#39;',
    '&copy;',
    '"',
    "'",
    '\\',
    '\n',
    '\n\n',
    '  \n',
    '    ',
    'word',
    'x < y',
    'a && b',
    '<br>',
    '<p>',
    '</p>',
    '<b>',
    'https://x.test',
    'www.x.test',
    '[ ] ',
    '[x] ',
    '---',
    '***',
    '===',
    'ä',
    ' ',
  ];

  function seeded(seed: number) {
    let s = seed;
    return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  }

  it('stores exactly what the sanitiser would have, for thousands of texts', () => {
    const random = seeded(20261128);
    let plain = 0;
    for (let i = 0; i < 4000; i += 1) {
      const length = 1 + Math.floor(random() * 24);
      const source = Array.from({ length }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
      const html = renderMarkdown(source);
      expect(html, source).toBe(renderMarkdownSanitized(source));
      if (!/<(a|img|span|input|label)\b|="/.test(html)) plain += 1;
    }
    // Most of them took the path without the sanitiser, so the comparison above means something.
    expect(plain).toBeGreaterThan(2000);
  });

  it('stores highlighted code exactly as the sanitiser would have, in every language, for thousands of blocks', () => {
    // Code made of what highlighters read as keywords, strings, comments, numbers, markup and
    // titles in the languages the forum colours, from a fixed seed.
    const CODE = [
      'const ',
      'let x = ',
      'function f(a: string): void ',
      'def f(self):',
      'fn main() -> i32 ',
      'func (s *S) Run() ',
      'class A<T> extends B ',
      'public static void main(String[] args) ',
      '#include <stdio.h>',
      'std::vector<int> v;',
      'using System;',
      'SELECT id FROM t WHERE a = 1;',
      '@decorator',
      '$var',
      '${x}',
      '`tpl ${y}`',
      '"str"',
      "'chr'",
      '"a \\" b"',
      '/* c */',
      '// line',
      '# note',
      '-- sql',
      '<!-- x -->',
      '<div class="x">',
      '</div>',
      '<?php echo 1; ?>',
      'FROM node:20',
      'RUN npm ci',
      '+ added',
      '- removed',
      '@@ -1,2 +1,2 @@',
      'key: value',
      '[section]',
      'name = "x"',
      '{"a": [1, 2.5e3, true, null]}',
      '0x1F',
      '42',
      '3.14',
      'if ',
      'else ',
      'return ',
      'import { a } from "b";',
      'fun f() = 1',
      'let s: String? = nil',
      'echo "$HOME" | grep -v x && ls',
      '&',
      '&amp;',
      '&lt;',
      '<',
      '>',
      '=>',
      '::',
      '{',
      '}',
      '(',
      ')',
      ';',
      '\n',
      '\t',
      '\\',
      ' ',
      '\n',
      '\n\n',
      'word',
    ];
    const names = HIGHLIGHT_LANGUAGES.flatMap(([name, , aliases]) => [name, ...aliases]);
    const random = seeded(20261205);
    let highlighted = 0;
    for (let i = 0; i < 3000; i += 1) {
      const language = names[i % names.length]!;
      const length = 1 + Math.floor(random() * 30);
      const code = Array.from({ length }, () => CODE[Math.floor(random() * CODE.length)]).join('');
      const source = `Before \`x\`.\n\n\`\`\`${language}\n${code}\n\`\`\`\n\nAfter.`;
      const html = renderMarkdown(source);
      expect(html, source).toBe(renderMarkdownSanitized(source));
      if (html.includes('<span class="hljs-') && skipsSanitiser(source)) highlighted += 1;
    }
    // Most blocks were coloured and took the path without the sanitiser.
    expect(highlighted).toBeGreaterThan(2000);
  });

  it('stores the usual shapes of a comment exactly as the sanitiser would have', () => {
    for (const source of [
      'Measured comment number 12.',
      'Try `cargo test -- --nocapture`, then read the "first" failure.\nA second line.  \nA break.',
      '> quoted\n\n- one\n- two\n\n1. a\n2. b\n\n---\n\n## Heading\n\n    indented code\n\n```\nplain fence\n```',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      'x < y && y > z; "quotes" & \'apostrophes\'; &copy; &nbsp; &#x41;',
      '**bold *em* ~~gone~~** `a<b>`',
    ]) {
      expect(renderMarkdown(source), source).toBe(renderMarkdownSanitized(source));
    }
  });
});

describe('excerptOf', () => {
  it('is the rendered text without markup, whitespace collapsed, at most 200 characters', () => {
    expect(excerptOf(renderMarkdown('# Hooks\n\nUse `useEffect` for **effects** &amp; <b>more</b>.\n\n- one\n- two'))).toBe(
      'Hooks Use useEffect for effects & <b>more</b>. one two',
    );
    const long = excerptOf(renderMarkdown('word '.repeat(100)));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it('never ends in half of a character of two code units (an emoji)', () => {
    const after = ' and more words after it, so the text is longer than an excerpt';
    expect(excerptOf(renderMarkdown(`${'a'.repeat(198)}😀${after}`))).toBe(`${'a'.repeat(198)}…`);
    expect(excerptOf(renderMarkdown(`${'a'.repeat(197)}😀${after}`))).toBe(`${'a'.repeat(197)}😀…`);
    expect(excerptOf(renderMarkdown(`${'🎉'.repeat(150)}`))).toBe(`${'🎉'.repeat(99)}…`);
  });

  it('reads highlighted code, entities, line breaks and tables as text', () => {
    const html = renderMarkdown('first line  \nsecond line\n\n```ts\nconst s = \'<div>\' && "x";\n```\n\n| a & b | c |\n|-|-|\n| 1 | © |');
    expect(html).toContain('hljs-string');
    expect(excerptOf(html)).toBe(`first line second line const s = '<div>' && "x"; a & b c 1 ©`);
  });
});
