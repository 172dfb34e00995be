// The process entry. The V8 heap is tuned before anything else is loaded (heap.ts), so the
// server itself (serve.ts) is imported only afterwards. The web root is found from this
// file: the bundler moves serve.ts into a chunk of its own, in another folder.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseIdleAsyncStorage } from './async-storage.ts';
import { isPostgresUrl } from './config/database-url.ts';
import { tuneHeap } from './heap.ts';
import { exitOnUnsupportedNode } from './node-support.ts';

// Before any native module loads: on an unsupported Node the driver would crash the process.
exitOnUnsupportedNode();
// Requests' objects live as long as they wait: on a group commit on SQLite, on round trips on
// PostgreSQL (heap.ts).
tuneHeap({ semiSpaceMiB: isPostgresUrl(process.env.DATABASE_URL) ? 8 : 4 });
releaseIdleAsyncStorage();
const { ConfigError, serve } = await import('./serve.ts');
const here = path.dirname(fileURLToPath(import.meta.url));
// The first view's renderer is bundled beside main.js (scripts/build-server.mjs); run from the
// sources (tsx), the pages are the bare shell.
const rendererModule = path.join(here, 'first-view', 'first-view-renderer.js');
try {
  await serve({ webRoot: path.resolve(here, '../web'), rendererModule: existsSync(rendererModule) ? rendererModule : null });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
