import { describe, expect, it } from 'vitest';
import { createAnnouncementInputSchema } from './announcement.ts';
import { createCommentInputSchema } from './comment.ts';
import { hasVisibleText, paginationQuerySchema, trimMarkdown } from './common.ts';
import { markdownPreviewInputSchema } from './markdown.ts';
import { createPostInputSchema } from './post.ts';
import { displayNameSchema, emailSchema, isPhotoUrl } from './user.ts';

describe('paginationQuerySchema', () => {
  it('defaults to page 0 of 10', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 0, limit: 10 });
  });

  it.each([{ page: '-1' }, { page: '1.5' }, { page: 'x' }, { limit: '0' }, { limit: '101' }, { limit: '' }])('refuses %j', (query) => {
    expect(paginationQuerySchema.safeParse(query).success).toBe(false);
  });

  it.each([
    [{ page: '-1' }, 'page', 'must be a whole number, 0 or more'],
    [{ page: '1.5' }, 'page', 'must be a whole number, 0 or more'],
    [{ page: '99999999999999999999' }, 'page', 'must be a whole number, 0 or more'],
    [{ limit: '0' }, 'limit', 'must be a whole number from 1 to 100'],
    [{ limit: '101' }, 'limit', 'must be a whole number from 1 to 100'],
    [{ limit: '-5' }, 'limit', 'must be a whole number from 1 to 100'],
    [{ limit: 'ten' }, 'limit', 'must be a whole number from 1 to 100'],
  ])('says what %j should be', (query, field, message) => {
    expect(paginationQuerySchema.safeParse(query).error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});

describe('emailSchema', () => {
  it('stores emails trimmed and lowercase, once', () => {
    expect(emailSchema.parse('  Ada@Example.ORG ')).toBe('ada@example.org');
    expect(emailSchema.safeParse('not an email').success).toBe(false);
  });
});

describe('requiredText', () => {
  const title = createPostInputSchema.shape.title;
  it('counts text of only invisible characters as missing, and keeps visible text with them as written', () => {
    for (const blank of [
      '',
      '   ',
      '\u200b\u200b',
      ' \u200c\u200d\u2060\ufeff\u00ad ',
      '\u200f\u202e',
      '\u2066\u2069',
      '\u3164\u3164',
      '\u2800',
      '\u{E0041}',
    ]) {
      const result = title.safeParse(blank);
      expect(result.success, JSON.stringify(blank)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Title is required');
    }
    expect(title.parse('  a\u200bb ')).toBe('a\u200bb');
    // Direction controls go: in a list they would turn the text after the title around.
    expect(title.parse('Eve\u202Egnp.exe \u2067x\u2069')).toBe('Evegnp.exe x');
    expect(displayNameSchema.parse(' \u202Bשלום Ada\u202C ')).toBe('שלום Ada');
    // One line: each line break or other control character, with the spaces beside it, is a space.
    expect(title.parse('Help\r\n\r\nRead it: https://x.test \n with\tgenerics\u2028now\u0000')).toBe(
      'Help Read it: https://x.test with generics now',
    );
    expect(displayNameSchema.parse('Ada\n  Lovelace\u2029')).toBe('Ada Lovelace');
    expect(title.parse('two  spaces stay')).toBe('two  spaces stay');
    expect(title.safeParse('\r\n\t\u0085').success).toBe(false);
    expect(hasVisibleText('👍')).toBe(true);
    expect(hasVisibleText('\u05e9\u05dc\u05d5\u05dd')).toBe(true);
    expect(displayNameSchema.safeParse('\u200b\u200b').success).toBe(false);
  });
});

describe('requiredMarkdown', () => {
  const comment = createCommentInputSchema.shape.comment;
  it('drops blank lines before the text and whitespace after it, but keeps the first line indented', () => {
    expect(comment.parse('\n  \n    const x = 1;\n    const y = 2;\n\n  ')).toBe('    const x = 1;\n    const y = 2;');
    expect(trimMarkdown('\r\n\t\r\n- item  \n')).toBe('- item');
    for (const blank of ['', ' \n\t\n ', '\u200b\n\u202e']) {
      expect(comment.safeParse(blank).error?.issues[0]?.message, JSON.stringify(blank)).toBe('Comment is required');
    }
  });

  it('is what a post, an announcement and the preview take as well', () => {
    const text = '\n    indented code\n';
    expect(createPostInputSchema.shape.description.parse(text)).toBe('    indented code');
    expect(createAnnouncementInputSchema.shape.description.parse(text)).toBe('    indented code');
    expect(markdownPreviewInputSchema.parse({ markdown: text }).markdown).toBe('    indented code');
    expect(markdownPreviewInputSchema.safeParse({ markdown: ' \n ' }).success).toBe(false);
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
