// The app's index.html (as Vite built it) made into one page's HTML: its own <title>, description,
// Open Graph and Twitter card tags, the server-rendered markup of #root, and the JSON block of
// the answers that markup was rendered from (ADR 0015).
import { FIRST_VIEW_CHUNKS_ID, FIRST_VIEW_DATA_ID, scriptSafeJson, type FirstViewData } from '#shared/first-view.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute address of the page (og:url, the canonical link). */
  url: string;
  type: 'website' | 'article' | 'profile';
  siteName: string;
  /** The preview image of a link to the page: its absolute address and size (Open Graph requires one). */
  image: { url: string; width: number; height: number };
  /** A page that is not one (404): kept out of search indexes. */
  noindex?: boolean;
}

/** A description of a reasonable length for a search result or a link preview. */
export function shortDescription(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const TITLE = /\n?[ \t]*<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /\n?[ \t]*<meta\s+name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';

export interface HtmlTemplate {
  /** The site's description from index.html: home's description. */
  defaultDescription: string;
  page(head: PageHead, body?: { markup: string; data: FirstViewData } | null): string;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const MODULE_PRELOAD = /\n?[ \t]*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * @param readStylesheet the text of one of the page's own stylesheets (by its href), or null. A
 * page rendered on the server carries its stylesheet inline: the first paint then waits for the
 * HTML alone, not for a second request.
 */
export function htmlTemplate(indexHtml: string, readStylesheet: (href: string) => string | null = () => null): HtmlTemplate {
  const defaultDescription = /<meta\s+name="description"\s+content="([^"]*)"/.exec(indexHtml)?.[1] ?? '';
  // Split once: each page only joins strings.
  const withoutHead = indexHtml.replace(TITLE, '').replace(DESCRIPTION, '');
  const headEnd = withoutHead.indexOf('</head>');
  const rootAt = withoutHead.indexOf(ROOT);
  if (headEnd < 0 || rootAt < headEnd) throw new Error('index.html has no </head> before <div id="root"></div>.');
  const beforeHeadEnd = withoutHead.slice(0, headEnd);
  // `</style` cannot occur in CSS that a browser would read as it is meant; refused rather than escaped.
  const inlineStyles = (head: string) =>
    head.replace(STYLESHEET, (link, href: string) => {
      const css = readStylesheet(href);
      if (css === null || /<\/style/i.test(css)) return link;
      // The link stays, disabled (never fetched): the app's module loader looks for the file
      // among the page's stylesheets before it adds it, and would load it a second time.
      return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
    });
  // A rendered page names its chunks in a data block instead: fetched before the first paint,
  // they would compete with it (and Lighthouse counts them as holding it back).
  const chunks = [...beforeHeadEnd.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const beforeHeadEndInline = inlineStyles(beforeHeadEnd).replace(MODULE_PRELOAD, '');
  const chunksBlock = `<script type="application/json" id="${FIRST_VIEW_CHUNKS_ID}">${scriptSafeJson(chunks)}</script>`;
  const headToRoot = withoutHead.slice(headEnd, rootAt);
  const afterRoot = withoutHead.slice(rootAt + ROOT.length);

  return {
    defaultDescription,
    page(head, body = null) {
      const title = escapeHtml(head.title);
      const description = escapeHtml(head.description);
      const url = escapeHtml(head.url);
      const image = escapeHtml(head.image.url);
      const siteName = escapeHtml(head.siteName);
      const tags = [
        `<title>${title}</title>`,
        `<meta name="description" content="${description}" />`,
        ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : [`<link rel="canonical" href="${url}" />`]),
        `<meta property="og:type" content="${head.type}" />`,
        `<meta property="og:site_name" content="${siteName}" />`,
        `<meta property="og:title" content="${title}" />`,
        `<meta property="og:description" content="${description}" />`,
        `<meta property="og:url" content="${url}" />`,
        `<meta property="og:image" content="${image}" />`,
        `<meta property="og:image:width" content="${head.image.width}" />`,
        `<meta property="og:image:height" content="${head.image.height}" />`,
        `<meta property="og:image:alt" content="${siteName}" />`,
        '<meta name="twitter:card" content="summary" />',
        `<meta name="twitter:title" content="${title}" />`,
        `<meta name="twitter:description" content="${description}" />`,
        `<meta name="twitter:image" content="${image}" />`,
        `<meta name="twitter:image:alt" content="${siteName}" />`,
      ];
      const root = body
        ? `<div id="root">${body.markup}</div><script type="application/json" id="${FIRST_VIEW_DATA_ID}">${scriptSafeJson(body.data)}</script>${chunksBlock}`
        : ROOT;
      return `${body ? beforeHeadEndInline : beforeHeadEnd}  ${tags.join('\n    ')}\n  ${headToRoot}${root}${afterRoot}`;
    },
  };
}
