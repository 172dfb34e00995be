import { sitemapUrl } from './site-urls.ts';

/**
 * What crawlers may fetch: every page, but neither the API (answers, not pages) nor the
 * signed-in areas (the dashboard, notifications, membership) nor the sign-in forms nor a mail's
 * unsubscribe page. Two public reads of the API stay open, because a page listed in the sitemap
 * needs them to render for a crawler that runs scripts: member profiles (/members/{id} reads
 * /api/members/…) and images.
 */
export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Allow: /api/members/',
    'Allow: /api/images/',
    'Disallow: /dashboard',
    'Disallow: /notifications',
    'Disallow: /membership',
    'Disallow: /auth/',
    'Disallow: /unsubscribe',
    '',
    `Sitemap: ${sitemapUrl(base)}`,
    '',
  ].join('\n');
}
