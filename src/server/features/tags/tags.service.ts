import type { TagUsage } from '#shared/schemas/tag.ts';
import { postsUsingTag } from '#shared/tag-usage.ts';
import type { Db } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { holdActingAdmin } from '../users/users.service.ts';
import {
  deleteTagRow,
  holdTagForPost,
  holdTags,
  insertTag,
  listTags,
  postCountOfTag,
  postIdsTagged,
  renameTagRow,
  retagPosts,
  tagExists,
  tagsContaining,
} from './tags.queries.ts';

export { holdTagForPost, listTags, tagExists, tagsContaining };

/**
 * An admin adds a tag (already normalised by its schema); a duplicate is a conflict. Each tag
 * write here is an admin's, written only while they still are one (holdActingAdmin).
 */
export async function createTag(writes: WritePath, admin: SessionViewer, tag: string): Promise<{ insertedId: string }> {
  if (await tagExists(writes.db, tag)) throw conflict(`The tag "${tag}" already exists.`);
  const id = newId();
  // Two admins adding the same tag at once: the unique index refuses the second (409 too).
  await writes.run(async (w) => {
    await holdActingAdmin(w.trx, admin.id);
    await insertTag(w.trx, { id, tag, createdAt: nowIso() });
    w.record({ type: 'tag.created', tagId: id, tag });
  });
  return { insertedId: id };
}

/** An admin renames a tag (already normalised by its schema); its posts keep it under the new name. */
export async function renameTag(writes: WritePath, admin: SessionViewer, id: string, to: string): Promise<{ modifiedCount: number }> {
  return writes.run(async (w) => {
    const [current] = await holdTags(w.trx, [id]);
    // The admin after the tag, as a post holds its tag before its writer (publishPost).
    await holdActingAdmin(w.trx, admin.id);
    if (!current) throw notFound('tag');
    if (current.tag === to) return { modifiedCount: 0 };
    if (await tagExists(w.trx, to)) throw conflict(`The tag "${to}" already exists.`);
    const postIds = await postIdsTagged(w.trx, current.tag);
    await renameTagRow(w.trx, id, to);
    await retagPosts(w.trx, current.tag, to);
    w.record({ type: 'tag.renamed', tagId: id, from: current.tag, to, postIds });
    return { modifiedCount: 1 };
  });
}

/** How many posts use the tag (an admin's question before removing it: see deleteTag). */
export async function tagUsage(db: Db, id: string): Promise<TagUsage> {
  const postCount = await postCountOfTag(db, id);
  if (postCount === undefined) throw notFound('tag');
  return { postCount };
}

/**
 * An admin removes a tag. Posts that use it move to the tag `moveTo`, which is required then
 * (a post always has a tag).
 */
export async function deleteTag(
  writes: WritePath,
  admin: SessionViewer,
  id: string,
  moveTo: string | undefined,
): Promise<{ deletedCount: number }> {
  if (moveTo === id) {
    throw badRequest('Choose another tag to move the posts to.', [{ path: 'querystring.moveTo', message: 'is the tag being removed' }]);
  }
  return writes.run(async (w) => {
    const held = await holdTags(w.trx, moveTo === undefined ? [id] : [id, moveTo]);
    await holdActingAdmin(w.trx, admin.id);
    const current = held.find((x) => x.id === id);
    if (!current) throw notFound('tag');
    const target = held.find((x) => x.id === moveTo);
    if (moveTo !== undefined && !target) throw notFound('tag to move the posts to');
    const postIds = await postIdsTagged(w.trx, current.tag);
    if (postIds.length > 0 && !target) {
      const { uses, them } = postsUsingTag(postIds.length);
      throw conflict(`${uses} the tag "${current.tag}": choose a tag to move ${them} to.`);
    }
    if (target && postIds.length > 0) await retagPosts(w.trx, current.tag, target.tag);
    const deletedCount = await deleteTagRow(w.trx, id);
    w.record({ type: 'tag.deleted', tagId: id, tag: current.tag, movedTo: postIds.length > 0 ? target!.tag : null, postIds });
    return { deletedCount };
  });
}
