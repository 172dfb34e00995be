// Bundles the server (and its CLI) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    admin: 'src/server/cli/admin.ts',
    seed: 'src/server/cli/seed.ts',
  },
  outdir: 'dist/server',
  // main.js tunes the heap before it loads the server (src/server/main.ts), so the server and
  // its packages go to a chunk of their own, loaded by main.js's dynamic import.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
