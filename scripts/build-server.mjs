// Bundles the server (and its CLI) into dist/server; npm packages stay external.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

// Chunk names carry a hash: clear the old ones so dist/server holds one build only.
await rm('dist/server', { recursive: true, force: true });

/** What both bundles share: Node ESM, split into hashed chunks, npm packages left external. */
const nodeBundle = {
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...nodeBundle,
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
  // React and the rest of the browser app's packages are bundled here, built for production:
  // left external they resolve by NODE_ENV at run time, and `node dist/server/main.js` without
  // it loaded React's development builds (slower renders, megabytes more resident).
  packages: undefined,
  define: { 'process.env.NODE_ENV': '"production"' },
  // React's server renderer is CommonJS and requires Node's own modules: an ES module has no
  // `require` of its own, so the bundle is given one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // The stylesheets the browser app imports are the browser's: nothing to render here.
  loader: { '.css': 'empty' },
});
