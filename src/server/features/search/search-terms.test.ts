import { describe, expect, it } from 'vitest';
import { textOfHtml } from '#shared/html-text.ts';
import { indexTerms, parseQuery, QUERY_TERMS_MAX } from './search-terms.ts';
import { markedHtml, snippetOf, SNIPPET_MAX } from './search-snippet.ts';

describe('search terms', () => {
  it('folds words and adds one term per identifier after them', () => {
    expect(indexTerms('Déjà vu in useEffect and std::vector, C++ or node.js.')).toEqual([
      'deja',
      'vu',
      'in',
      'useeffect',
      'and',
      'std',
      'vector',
      'c',
      'or',
      'node',
      'js',
      'zq0std0c0cvector',
      'zq0c0p0p',
      'zq0node0djs',
    ]);
    // Terms are letters and digits only, whatever the text: nothing an engine could read as syntax.
    for (const term of indexTerms(`a_b x0.y "q" 'r' (s) [t] {u} -v +w ~x ^y *z :: -> # 0_0`)) expect(term).toMatch(/^[\p{L}\p{N}]+$/u);
  });

  it('adds the identifiers an identifier ends with, from its last joiners only', () => {
    expect(indexTerms('std::vector::emplace_back(x)').filter((t) => t.startsWith('zq0'))).toEqual([
      'zq0std0c0cvector0c0cemplace0uback',
      'zq0vector0c0cemplace0uback',
      'zq0emplace0uback',
    ]);
    // A plain word at the end is among the words already.
    expect(indexTerms('os.path.join').filter((t) => t.startsWith('zq0'))).toEqual(['zq0os0dpath0djoin', 'zq0path0djoin']);
    // A long chain adds a few terms, not one per part.
    const chain = Array.from({ length: 3000 }, (_, i) => `p${i}`).join('.');
    const identifiers = indexTerms(chain).filter((t) => t.startsWith('zq0'));
    // The whole, then from each of the last 8 joiners (the last one's, p2999, is a plain word).
    expect(identifiers).toHaveLength(1 + 7);
    expect(identifiers.at(-1)).toBe('zq0p29980dp2999');
  });

  it('keeps identifiers apart that differ only in a symbol', () => {
    const term = (text: string) => indexTerms(text).find((t) => t.startsWith('zq0'));
    expect(term('a_b')).not.toBe(term('a.b'));
    expect(term('ad.b')).not.toBe(term('a.db'));
    expect(term('c++')).not.toBe(term('c#'));
    expect(term('x0.y')).not.toBe(term('x.0y'));
  });

  it('reads words, prefixes, phrases, identifiers and filters from what was typed', () => {
    expect(parseQuery('Lead "Quoted Phrase" useEffect C tag:Rust author:"Ada Lovelace"')).toEqual({
      terms: [
        { kind: 'prefix', term: 'lead' },
        { kind: 'phrase', terms: ['quoted', 'phrase'] },
        { kind: 'prefix', term: 'useeffect' },
        { kind: 'exact', term: 'c' },
      ],
      tag: 'Rust',
      author: 'Ada Lovelace',
    });
    expect(parseQuery('(std::vector), "single"')).toEqual({
      terms: [
        { kind: 'prefix', term: 'zq0std0c0cvector' },
        { kind: 'exact', term: 'single' },
      ],
      tag: null,
      author: null,
    });
    // Quoted, an identifier is still one: "C++" is not the word "c" alone.
    expect(parseQuery('"C++" "std::vector push"').terms).toEqual([
      { kind: 'exact', term: 'c' },
      { kind: 'prefix', term: 'zq0c0p0p' },
      { kind: 'phrase', terms: ['std', 'vector', 'push'] },
      { kind: 'prefix', term: 'zq0std0c0cvector' },
    ]);
    expect(parseQuery('* "" ( ) && : -').terms).toEqual([]);
    expect(parseQuery('a b c d e f g h i j k l').terms).toHaveLength(QUERY_TERMS_MAX);
  });

  it('knows a filter given twice with two values can match nothing, and the same value twice is one', () => {
    expect(parseQuery('tag:css tag:go').contradictory).toBe(true);
    expect(parseQuery('author:Ada author:"Bob B"').contradictory).toBe(true);
    expect(parseQuery('tag:Go tag:go x')).toEqual({ terms: [{ kind: 'exact', term: 'x' }], tag: 'go', author: null });
    // A tag as the chips show it: its one leading # is not part of the tag.
    expect(parseQuery('tag:#go tag:Go x')).toEqual({ terms: [{ kind: 'exact', term: 'x' }], tag: 'Go', author: null });
    expect(parseQuery('tag:"#c#"').tag).toBe('c#');
    expect(parseQuery('tag:##x').tag).toBe('#x');
    expect(parseQuery('tag:#').tag).toBe('#');
  });
});

describe('search snippets', () => {
  it('reads the text of stored HTML', () => {
    expect(textOfHtml('<h2>Title</h2><p>a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39; &#x263A;</p><pre><code>x</code></pre>')).toBe(
      `Title a <b> & "c" 'd' ☺ x`,
    );
  });

  it('marks the matched words and escapes everything else', () => {
    const terms = parseQuery('lead node.js').terms;
    expect(snippetOf('The <leaderboard> runs on Node.js & more', terms)).toBe(
      'The &lt;<mark>leaderboard</mark>&gt; runs on <mark>Node.js</mark> &amp; more',
    );
  });

  it('marks the part of an identifier it was found by at its end', () => {
    expect(snippetOf('Call std::vector::emplace_back or v.push_back.', parseQuery('emplace_back vector::emplace').terms)).toBe(
      'Call std::<mark>vector::emplace_back</mark> or v.push_back.',
    );
    expect(snippetOf('From self.__init__() on.', parseQuery('__init__').terms)).toBe('From self.<mark>__init__</mark>() on.');
  });

  it('marks words written with combining marks, as the index reads them', () => {
    expect(snippetOf('हिन्दी भाषा', parseQuery('हिन्दी').terms)).toBe('<mark>हिन्दी</mark> भाषा');
    expect(snippetOf('שָׁלוֹם עולם', parseQuery('שלום').terms)).toBe('<mark>שָׁלוֹם</mark> עולם');
    expect(snippetOf('مَرْحَبًا بالعالم', parseQuery('مرحبا').terms)).toBe('<mark>مَرْحَبًا</mark> بالعالم');
  });

  it('marks a title whole, however far into it the match is', () => {
    const title = `${'word '.repeat(25)}needle & <b>`;
    expect(markedHtml(title, parseQuery('needle').terms)).toBe(`${'word '.repeat(25)}<mark>needle</mark> &amp; &lt;b&gt;`);
    expect(markedHtml('No match <here>', parseQuery('absent').terms)).toBe('No match &lt;here&gt;');
  });

  it('starts a little before the first match and stays within the limit', () => {
    const text = `${'word '.repeat(100)}needle ${'tail '.repeat(100)}`;
    const snippet = snippetOf(text, parseQuery('needle').terms);
    const plain = snippet.replace(/<\/?mark>/g, '');
    expect(plain.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(plain.startsWith('…')).toBe(true);
    expect(plain.endsWith('…')).toBe(true);
    expect(snippet).toContain('<mark>needle</mark>');
    expect(snippetOf('short text', parseQuery('absent').terms)).toBe('short text');
    // Cut where an emoji is: not in its middle.
    const emoji = snippetOf(`needle ${'b'.repeat(291)}🚀🚀🚀 more`, parseQuery('needle').terms);
    expect(emoji.endsWith('\uD83D…')).toBe(false);
    expect(emoji.endsWith('b…')).toBe(true);
  });

  it('shows the start of a first match longer than the snippet, marked, rather than none of it', () => {
    const plain = (snippet: string) => snippet.replace(/<\/?mark>/g, '');
    // A pasted blob at the start: the passage is the blob, as far as it fits.
    const word = 'mississippi'.repeat(300);
    const blob = snippetOf(`Look: ${word} (sorry).`, parseQuery('mississippi').terms);
    expect(blob).toBe(`Look: <mark>${word.slice(0, SNIPPET_MAX - 'Look: …'.length)}</mark>…`);
    expect(plain(blob)).toHaveLength(SNIPPET_MAX);
    // After other words: it begins with the match, not with nothing at all ("……").
    const later = snippetOf(`${'x'.repeat(100)} ${'y'.repeat(400)} target`, parseQuery('yyy').terms);
    expect(later).toBe(`…<mark>${'y'.repeat(SNIPPET_MAX - 2)}</mark>…`);
    // Letters of two code units are not cut in half there either.
    const astral = snippetOf(`${'𞤢'.repeat(300)} end`, parseQuery('𞤢𞤢').terms);
    expect(astral).toBe(`<mark>${'𞤢'.repeat((SNIPPET_MAX - 2) / 2)}</mark>…`);
    // A later match that does not fit is still left out whole.
    const second = snippetOf(`needle ${'b'.repeat(280)} ${'needle'.repeat(5)}`, parseQuery('needle').terms);
    expect(second).toBe(`<mark>needle</mark> ${'b'.repeat(280)} …`);
  });
});
