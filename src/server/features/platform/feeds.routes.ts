import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagTextSchema } from '#shared/schemas/tag.ts';
import { notFound } from '../../lib/app-error.ts';
import { listPosts } from '../posts/posts.queries.ts';
import { tagExists } from '../tags/tags.service.ts';
import { cacheable, sendCacheable, type Cacheable } from './cacheable-reply.ts';
import { atomFeed, FEED_SIZE } from './feed.ts';
import { homeUrl, siteFeedUrl, tagFeedUrl, tagPageUrl } from './site-urls.ts';

const ATOM = 'application/atom+xml; charset=utf-8';
/** Feed readers poll; five minutes keeps them from asking more often than that. */
const FEED_MAX_AGE = 300;

/**
 * Atom feeds of the newest posts: the whole forum's at /feed.xml and one per tag at
 * /tags/{tag}/feed.xml. Both are kept between writes like the home list they mirror.
 */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, readCache } = app;
  const base = config.publicUrl;
  const newest = { page: 0, limit: FEED_SIZE };

  const kept = (key: string, compute: () => Promise<Cacheable>) => (readCache ? readCache.read(key, compute) : compute());

  app.get('/feed.xml', async (request, reply) => {
    const feed = await kept('platform:feed', async () =>
      cacheable(
        atomFeed(
          base,
          { self: siteFeedUrl(base), page: homeUrl(base), title: config.siteName, subtitle: 'The newest posts' },
          await listPosts(db, newest, { order: 'newest' }),
        ),
      ),
    );
    return sendCacheable(request, reply, { ...feed, type: ATOM, maxAge: FEED_MAX_AGE });
  });

  app.get('/tags/:tag/feed.xml', { schema: { params: z.object({ tag: z.string() }) } }, async (request, reply) => {
    const parsed = tagTextSchema.safeParse(request.params.tag);
    // Checked on every request, not kept: a tag made a moment ago moves no kept answer.
    if (!parsed.success || !(await tagExists(db, parsed.data))) throw notFound('tag');
    const tag = parsed.data;
    const feed = await kept(`platform:feed:${tag}`, async () =>
      cacheable(
        atomFeed(
          base,
          {
            self: tagFeedUrl(base, tag),
            page: tagPageUrl(base, tag),
            title: `${config.siteName}: ${tag}`,
            subtitle: `The newest posts tagged ${tag}`,
          },
          await listPosts(db, newest, { order: 'newest', categories: [tag] }),
        ),
      ),
    );
    return sendCacheable(request, reply, { ...feed, type: ATOM, maxAge: FEED_MAX_AGE });
  });
};
