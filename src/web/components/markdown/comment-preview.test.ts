import { describe, expect, it } from 'vitest';
import { COMMENT_PREVIEW_LENGTH } from '#shared/constants.ts';
import { previewComment } from './comment-preview.ts';

describe('previewComment', () => {
  it('keeps a comment of at most 20 characters whole', () => {
    expect(previewComment('a'.repeat(COMMENT_PREVIEW_LENGTH))).toEqual({ text: 'a'.repeat(20), truncated: false });
    expect(previewComment('Short one')).toEqual({ text: 'Short one', truncated: false });
  });

  it('cuts a longer comment to exactly 20 characters followed by ".."', () => {
    const { text, truncated } = previewComment('This comment is longer than twenty characters');
    expect(truncated).toBe(true);
    expect(text).toBe('This comment is long..');
    expect(text).toHaveLength(22);
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(previewComment(`${'🎉'.repeat(21)}`).text).toBe(`${'🎉'.repeat(20)}..`);
  });
});
