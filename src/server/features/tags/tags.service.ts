import { conflict } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { insertTag, listTags, tagExists, tagsContaining } from './tags.queries.ts';

export { listTags, tagExists, tagsContaining };

/** An admin adds a tag (already normalised by its schema); a duplicate is a conflict. */
export async function createTag(writes: WritePath, tag: string): Promise<{ insertedId: string }> {
  if (await tagExists(writes.db, tag)) throw conflict(`The tag "${tag}" already exists.`);
  const id = newId();
  // Two admins adding the same tag at once: the unique index refuses the second (409 too).
  await writes.run(async (w) => {
    await insertTag(w.trx, { id, tag, createdAt: nowIso() });
    w.record({ type: 'tag.created', tagId: id, tag });
  });
  return { insertedId: id };
}
