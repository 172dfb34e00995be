import { describe, expect, it } from 'vitest';
import { paginationQuerySchema } from './common.ts';
import { emailSchema } from './user.ts';

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
