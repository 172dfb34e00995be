// How the server compresses what it encodes itself (pages, the site's files, kept API answers),
// and the size below which nothing is: in one place, so every answer follows the same rule.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this a body goes as it is: a few hundred bytes fit one packet either way. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * zlib's default level: on a home list (10 kB of JSON) 41 µs for 2,350 bytes; level 1 is 29 µs
 * for 2,550, level 9 no smaller (2026-12-07).
 */
export const GZIP_OPTIONS = { level: 6 } as const;

export const gzip = (body: string | Buffer): Buffer => gzipSync(body, GZIP_OPTIONS);

/** Brotli at quality 4: about gzip's cost; 11, its default, is many times slower. */
export const brotli = (body: string | Buffer): Buffer => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
