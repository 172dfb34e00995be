// Bundles the server (and its CLI) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    admin: 'src/server/cli/admin.ts',
    seed: 'src/server/cli/seed.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
