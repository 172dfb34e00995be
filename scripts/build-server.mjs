// Bundles the server (and its CLI) into dist/server, its npm packages included and minified.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

// Chunk names carry a hash: clear the old ones so dist/server holds one build only.
await rm('dist/server', { recursive: true, force: true });

/**
 * V8 keeps the source text of every module it loads, and the server's packages are most of it.
 * Loaded from node_modules as written (whitespace, comments, long names), they left the server
 * 7–10 MiB larger than bundled and minified with it (docs/decisions/0017-server-bundle.md).
 * Names are kept (`keepNames`), so stack traces and `constructor.name` read as in the source;
 * the source maps beside each file map positions back.
 */
const nodeBundle = {
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  keepNames: true,
  sourcemap: true,
  logLevel: 'warning',
  // Packages written as CommonJS require Node's own modules: an ES module has no `require` of
  // its own, so each file is given one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

/**
 * What stays in node_modules, loaded from there at run time: native addons, and packages that
 * find files next to their own code (`__dirname`, which a bundled ES module does not have):
 * the API document's page and its assets, pino's worker threads, ioredis' package file.
 */
const EXTERNAL = [
  'better-sqlite3',
  'better-sqlite3-napi10',
  'sharp',
  'pg-native',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'ioredis',
];

await build({
  ...nodeBundle,
  external: EXTERNAL,
  entryPoints: {
    main: 'src/server/main.ts',
    admin: 'src/server/cli/admin.ts',
    seed: 'src/server/cli/seed.ts',
    backup: 'src/server/cli/backup.ts',
    reindex: 'src/server/cli/reindex.ts',
  },
  outdir: 'dist/server',
  // main.js tunes the heap before it loads the server (src/server/main.ts), so the server and
  // its packages go to a chunk of their own, loaded by main.js's dynamic import (splitting).
});

// The browser app's first view, rendered by the server (ADR 0015): a bundle of its own, loaded
// by the server at start (the server never imports the browser app). Pages are split out as in
// the browser, so only those the server renders (home, "No Page Found") are ever loaded.
await build({
  ...nodeBundle,
  entryPoints: { 'first-view-renderer': 'src/web/ssr/first-view-renderer.tsx' },
  outdir: 'dist/server/first-view',
  jsx: 'automatic',
  // React is bundled in its production build: left to NODE_ENV at run time, `node
  // dist/server/main.js` without it loaded React's development builds (slower renders,
  // megabytes more resident).
  define: { 'process.env.NODE_ENV': '"production"' },
  // The stylesheets the browser app imports are the browser's: nothing to render here.
  loader: { '.css': 'empty' },
});

/**
 * V8 keeps every loaded module's text, one byte a character only while the text holds nothing
 * past ASCII (Node 24 decodes anything else to two bytes a character; Node 20 past Latin-1).
 * esbuild writes ASCII (`charset: 'ascii'`) except in regular expression literals and comments:
 * a package's "…" in one and a licence comment's "ä" kept two chunks (1.9 MB of text) at twice
 * their size: 1.9 MiB of the server's memory on Node 24, 0.6 MiB on Node 20 (performance log,
 * 2026-12-03). Each such character is written as its `\uXXXX` escape: the same character in a
 * regular expression (UTF-16 code units, so a surrogate pair stays a pair), text in a comment.
 */
for (const entry of await readdir('dist/server', { recursive: true })) {
  if (!entry.endsWith('.js')) continue;
  const file = path.join('dist/server', entry);
  const text = await readFile(file, 'utf8');
  const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) await writeFile(file, ascii);
}
