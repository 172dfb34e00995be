import { describe, expect, it } from 'vitest';
import { NAME_MAX } from '../constants.ts';
import { displayNameFrom, UNNAMED_MEMBER } from './user.ts';

describe('displayNameFrom (a name a sign-in provider gives)', () => {
  it('keeps a name that fits, on one line', () => {
    expect(displayNameFrom('  Ada\nLovelace ')).toBe('Ada Lovelace');
  });

  it('cuts a long name at NAME_MAX, between characters, without trailing space', () => {
    expect(displayNameFrom('a'.repeat(NAME_MAX + 20))).toBe('a'.repeat(NAME_MAX));
    // An emoji (two UTF-16 units) across the limit goes whole.
    expect(displayNameFrom(`${'a'.repeat(NAME_MAX - 1)}😀b`)).toBe('a'.repeat(NAME_MAX - 1));
    expect(displayNameFrom(`${'a'.repeat(NAME_MAX - 1)} bcd`)).toBe('a'.repeat(NAME_MAX - 1));
  });

  it('names a member whose provider gave nothing to see', () => {
    for (const given of [undefined, '', '   ', '\u200b\u200f', '\u202e']) expect(displayNameFrom(given)).toBe(UNNAMED_MEMBER);
  });
});
