import type { OutputInfo } from 'sharp';
import { UPLOAD_MAX_DIMENSION } from '#shared/constants.ts';
import { unsupportedMediaType } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { loadSharp } from '../../lib/load-sharp.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { findImageBytes, insertImage } from './uploads.queries.ts';

export { findImageBytes };

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
// Refuse decompression bombs before decoding: 40 megapixels is far beyond any avatar.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Sniffs the real format from the bytes (never the file name or declared type), then
 * re-encodes to WebP within 512×512 with metadata stripped, so a crafted file never reaches
 * another browser as it was sent.
 */
export async function storeImage(writes: WritePath, ownerId: string, input: Buffer): Promise<{ id: string }> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw unsupportedMediaType('Please upload a PNG, JPEG, WebP or GIF image.');
  }
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(UPLOAD_MAX_DIMENSION, UPLOAD_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unsupportedMediaType('That image could not be read. Please upload a different file.');
  }
  const id = newId();
  await writes.run(async (w) => {
    await insertImage(w.trx, {
      id,
      ownerId,
      contentType: 'image/webp',
      bytes: output.data,
      width: output.info.width,
      height: output.info.height,
      createdAt: nowIso(),
    });
    w.record({ type: 'image.stored', imageId: id, ownerId });
  });
  return { id };
}
