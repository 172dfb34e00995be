// The public addresses of the web app's pages, absolute (PUBLIC_URL), as the sitemap and the
// feeds give them. They follow src/web/config/paths.ts and the home list's address state
// (src/web/features/posts/hooks/use-home-list-params.ts: a tag's posts are home's tag search).

export const homeUrl = (base: string): string => `${base}/`;
export const tagPageUrl = (base: string, tag: string): string => `${base}/?${new URLSearchParams({ search: tag }).toString()}`;
export const memberUrl = (base: string, id: string): string => `${base}/members/${encodeURIComponent(id)}`;
export const postUrl = (base: string, id: string): string => `${base}/post-details/${encodeURIComponent(id)}`;
export const siteFeedUrl = (base: string): string => `${base}/feed.xml`;
export const tagFeedUrl = (base: string, tag: string): string => `${base}/tags/${encodeURIComponent(tag)}/feed.xml`;
export const sitemapUrl = (base: string): string => `${base}/sitemap.xml`;
