import { describe, expect, it } from 'vitest';
import { tagMatchesSearch, tagSearchNeedle, withoutTagMark } from './tag-search.ts';

describe('tag search', () => {
  it('reads a tag as the chips show it (#rust) as the tag itself', () => {
    expect(tagSearchNeedle(' #Rust ')).toBe('rust');
    expect(tagMatchesSearch('rust', '#rust')).toBe(true);
    expect(tagMatchesSearch('rustlang', '#RUST')).toBe(true);
    // One mark only: a tag that begins with # is written as its chip shows it.
    expect(withoutTagMark('##x')).toBe('#x');
    expect(tagMatchesSearch('x', '##x')).toBe(false);
    // A # alone is itself: it finds the tags that hold one.
    expect(tagMatchesSearch('c#', '#')).toBe(true);
    expect(tagMatchesSearch('rust', '#')).toBe(false);
  });
});
