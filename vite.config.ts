import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * The theme script must run before the first paint, so it is a classic script in <head>,
 * which Vite does not bundle. In the build it is copied under assets/ with its hash in the
 * name, like every other asset, so it is cached for a year and changes name when it changes.
 */
function hashedThemeScript(): Plugin {
  const source = readFileSync(new URL('./src/web/public/theme.js', import.meta.url));
  const fileName = `assets/theme-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'hashed-theme-script',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: (html) => html.replace('<script src="/theme.js"></script>', `<script src="/${fileName}"></script>`),
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), hashedThemeScript()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    // The API, and the files the server makes itself (features/platform): icons, manifest, feeds.
    proxy: Object.fromEntries(
      [
        '/api',
        '/robots.txt',
        '/sitemap.xml',
        '/favicon.ico',
        '/favicon.svg',
        '/apple-touch-icon.png',
        '/icons/',
        '/manifest.webmanifest',
        '/feed.xml',
        '^/tags/[^/]+/feed\\.xml$',
      ].map((path) => [path, { target: apiTarget, changeOrigin: false }]),
    ),
  },
});
