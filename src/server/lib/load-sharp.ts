import type * as Sharp from 'sharp';

// The image library (and its native code, several MiB resident) is loaded the first time an
// image is decoded or drawn — an upload, a PNG icon — not at start: most processes never do
// either, and once loaded it stays in memory for good.
let sharpModule: Promise<typeof Sharp> | null = null;

export const loadSharp = async (): Promise<typeof Sharp.default> => (await (sharpModule ??= import('sharp'))).default;
