import { UPLOAD_MAX_DIMENSION } from '#shared/constants.ts';
import { banned, payloadTooLarge, unsupportedMediaType } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { loadSharp } from '../../lib/load-sharp.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { lockMemberBanned } from '../users/users.service.ts';
import { findImageBytes, insertImage } from './uploads.queries.ts';

export { findImageBytes };

const UNSUPPORTED_MESSAGE = 'Please upload a PNG, JPEG, WebP or GIF image.';

type AcceptedFormat = 'png' | 'jpeg' | 'webp' | 'gif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The accepted format a file's first bytes name, or null. Checked before the image library sees
 * the file: it reads the header of any format it knows, and an SVG's header is the whole document
 * (a few KB of nested references take it seconds, a few MB of styles minutes), all while every
 * other upload waits its turn. Given these signatures, the library reads the file as that format.
 */
export function signatureFormat(input: Buffer): AcceptedFormat | null {
  if (input.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  const head = input.toString('latin1', 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

// Refuse decompression bombs before decoding. 32 megapixels takes any camera photo that fits in
// the 5 MB (a 24-megapixel one is 6000×4000) and any screenshot (5K is 5120×2880, 14.7 megapixels).
export const MAX_INPUT_PIXELS = 32_000_000;

// Decoding a large image takes seconds and tens of MB: images are decoded one at a time in this
// process, so parallel uploads queue instead of multiplying the peak.
let decoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = decoding.then(task, task);
  decoding = run.catch(() => undefined);
  return run;
}

/**
 * Sniffs the real format from the bytes (never the file name or declared type), then
 * re-encodes to WebP within 512×512 with metadata stripped, so a crafted file never reaches
 * another browser as it was sent. Stored only if its owner is not banned by then (403 BANNED).
 */
export async function storeImage(writes: WritePath, ownerId: string, input: Buffer): Promise<{ id: string }> {
  const format = signatureFormat(input);
  if (!format) throw unsupportedMediaType(UNSUPPORTED_MESSAGE);
  const sharp = await loadSharp();
  const output = await oneAtATime(async () => {
    let meta: { format?: string; width?: number; height?: number } | undefined;
    try {
      // The header only, no pixels: the size is checked below, to say why an image is refused.
      meta = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      meta = undefined;
    }
    if (meta?.format !== format) throw unsupportedMediaType(UNSUPPORTED_MESSAGE);
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw payloadTooLarge(`The image is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
    }
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize(UPLOAD_MAX_DIMENSION, UPLOAD_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw unsupportedMediaType('That image could not be read. Please upload a different file.');
    }
  });
  const id = newId();
  await writes.run(async (w) => {
    if (await lockMemberBanned(w.trx, ownerId)) throw banned();
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
