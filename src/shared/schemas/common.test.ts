import { describe, expect, it } from 'vitest';
import { createCommentInputSchema } from './comment.ts';
import { hasVisibleText, paginationQuerySchema } from './common.ts';
import { emailSchema, isPhotoUrl } from './user.ts';

describe('paginationQuerySchema', () => {
  it('defaults to page 0 of 10', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 0, limit: 10 });
  });

  it.each([{ page: '-1' }, { page: '1.5' }, { page: 'x' }, { limit: '0' }, { limit: '101' }, { limit: '' }])('refuses %j', (query) => {
    expect(paginationQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('emailSchema', () => {
  it('stores emails trimmed and lowercase, once', () => {
    expect(emailSchema.parse('  Ada@Example.ORG ')).toBe('ada@example.org');
    expect(emailSchema.safeParse('not an email').success).toBe(false);
  });
});

describe('requiredText', () => {
  const comment = createCommentInputSchema.shape.comment;
  it('counts text of only invisible characters as missing, and keeps visible text with them as written', () => {
    for (const blank of ['', '   ', '\u200b\u200b', ' \u200c\u200d\u2060\ufeff\u00ad ']) {
      const result = comment.safeParse(blank);
      expect(result.success, JSON.stringify(blank)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Comment is required');
    }
    expect(comment.parse('  a\u200bb ')).toBe('a\u200bb');
    expect(hasVisibleText('👍')).toBe(true);
  });
});

describe('isPhotoUrl', () => {
  it('takes an upload of ours or an https address, nothing else', () => {
    for (const ok of ['/api/images/01a2-b3', 'https://lh3.googleusercontent.com/a/x=s96-c', 'HTTPS://img.example.test/a.png']) {
      expect(isPhotoUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://img.example.test/a.png',
      '/api/images/../x',
      'https://a b',
      `https://x.test/${'a'.repeat(2048)}`,
    ]) {
      expect(isPhotoUrl(bad), bad).toBe(false);
    }
  });
});
