import type { Db } from '../../db/schema.ts';
import { listMemberIdsForSitemap, listTagsWithPosts, newestPostTime } from './platform.queries.ts';
import { homeUrl, memberUrl, tagPageUrl } from './site-urls.ts';
import { XML_DECLARATION, xmlText } from './xml.ts';

/** The sitemap protocol's bound for one file (sitemaps.org): 50,000 addresses. */
export const SITEMAP_MAX_URLS = 50_000;
/** The tag vocabulary is admin-made and small; tags-data answers at most this many as well. */
const MAX_TAGS = 1000;

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

function toXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `  <url><loc>${xmlText(e.loc)}</loc>${e.lastmod ? `<lastmod>${xmlText(e.lastmod)}</lastmod>` : ''}</url>\n`,
  );
  return `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/**
 * The public pages a search engine may index: home, each tag's page (home's tag search) and
 * member profiles, at most `maxUrls` in all. Post pages are for signed-in members only, so
 * they are not listed.
 */
export async function buildSitemap(db: Db, base: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  const [newest, tags] = await Promise.all([newestPostTime(db), listTagsWithPosts(db, Math.min(MAX_TAGS, maxUrls - 1))]);
  const members = await listMemberIdsForSitemap(db, maxUrls - 1 - tags.length);
  return toXml([
    { loc: homeUrl(base), ...(newest ? { lastmod: new Date(newest).toISOString() } : {}) },
    ...tags.map((tag) => ({ loc: tagPageUrl(base, tag) })),
    ...members.map((id) => ({ loc: memberUrl(base, id) })),
  ]);
}
