import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { APP_MODULE_META } from './src/shared/first-view.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * The theme script must run before the first paint, so it is a classic script in <head>, which
 * Vite does not bundle. In the build it is written into the page itself: a request of its own
 * would hold the first paint back by a round trip. The CSP allows it by its hash, which the
 * server takes from the built index.html (src/server/lib/inline-scripts.ts).
 */
function inlineThemeScript(): Plugin {
  const source = readFileSync(new URL('./src/web/public/theme.js', import.meta.url), 'utf8').trim();
  return {
    name: 'inline-theme-script',
    apply: 'build',
    transformIndexHtml: (html) => html.replace('<script src="/theme.js"></script>', `<script>${source}</script>`),
  };
}

/**
 * The app's scripts are fetched at low priority: home's first paint comes from the HTML the
 * server rendered and its stylesheet, and the scripts (which hydrate it) must not compete with
 * those for the connection.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        // The app (boot.tsx, imported by main.tsx once it may run) and every chunk it imports
        // statically: fetched with the page, in parallel, instead of one import after another.
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/web/boot.tsx'));
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
        };
        if (boot) visit(boot.fileName);
        const preloads = [...wanted].map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
        // Where main.tsx finds the app: an import of a plain address needs no loader of Vite's.
        const app = `<meta name="${APP_MODULE_META}" content="/${boot?.fileName ?? ''}">`;
        return html
          .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
          .replace('</head>', `  ${[app, ...preloads].join('\n    ')}\n  </head>`);
      },
    },
  };
}

/** Under the dev server the app is its source module. */
function appInDevelopment(): Plugin {
  return {
    name: 'app-in-development',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace('</head>', `  <meta name="${APP_MODULE_META}" content="/boot.tsx">\n  </head>`),
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), inlineThemeScript(), lowPriorityScripts(), appInDevelopment()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The app's chunks are preloaded from the page itself (preloadApp below), not by a helper
    // that every first view would carry.
    modulePreload: false,
    // The app (boot.tsx) is an entry of its own, started by main.tsx through the page's meta tag.
    rollupOptions: { input: { index: 'src/web/index.html', boot: 'src/web/boot.tsx' } },
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
