import { describe, expect, it } from 'vitest';
import { parseXml } from '../../test/xml.ts';
import { xmlText } from './xml.ts';

describe('xmlText', () => {
  it('escapes the five special characters, so any text reads back as itself', () => {
    const hostile = `<a href="x">Tom & 'Jerry'</a> ]]> &amp;`;
    const escaped = xmlText(hostile);
    expect(escaped).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt; ]]&gt; &amp;amp;');
    const xml = parseXml(`<t v="${escaped}">${escaped}</t>`);
    expect(xml.text(xml.root)).toBe(hostile);
    expect(xml.root?.attribs.v).toBe(hostile);
  });

  it('drops what XML 1.0 cannot hold and keeps the rest of Unicode', () => {
    expect(xmlText('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFF')).toBe('abcdef');
    expect(xmlText('tab\tline\nreturn\r')).toBe('tab\tline\nreturn\r');
    expect(xmlText('lone \uD800 and \uDC00 halves')).toBe('lone  and  halves');
    expect(xmlText('émoji 🦀 and 中文')).toBe('émoji 🦀 and 中文');
  });
});
