// How the posts filed under a tag are spoken of, in the Delete Tag dialog and in the server's
// refusal to delete a tag they use without one to move them to: one wording for both.

/** "1 post uses" / "N posts use", and the word for those posts ("it" / "them"). */
export function postsUsingTag(postCount: number): { uses: string; them: 'it' | 'them' } {
  return postCount === 1 ? { uses: '1 post uses', them: 'it' } : { uses: `${postCount} posts use`, them: 'them' };
}
