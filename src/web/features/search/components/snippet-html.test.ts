import { describe, expect, it } from 'vitest';
import { snippetHtml } from './snippet-html.ts';

describe('snippetHtml', () => {
  it('keeps the marks and the escaped text as they are', () => {
    const snippet = 'call <mark>useEffect</mark> with &lt;b&gt; &amp; more';
    expect(snippetHtml(snippet)).toBe(snippet);
  });

  it('escapes any other tag, and a mark with attributes', () => {
    expect(snippetHtml('<img src=x onerror=alert(1)><mark onclick="x">a</mark><b>b</b>')).toBe(
      '&lt;img src=x onerror=alert(1)>&lt;mark onclick="x">a</mark>&lt;b>b&lt;/b>',
    );
  });
});
