import type { Db } from '../../db/schema.ts';

export interface StoredImage {
  id: string;
  ownerId: string;
  contentType: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  createdAt: string;
}

export async function insertImage(db: Db, image: StoredImage): Promise<void> {
  await db
    .insertInto('images')
    .values({
      id: image.id,
      owner_id: image.ownerId,
      content_type: image.contentType,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      created_at: image.createdAt,
    })
    .execute();
}

export async function findImageBytes(db: Db, id: string): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  const row = await db.selectFrom('images').select(['content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
}
