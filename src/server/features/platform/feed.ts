import type { Post } from '#shared/schemas/post.ts';
import { profileOf } from '#shared/writer-profile.ts';
import { memberUrl, postUrl } from './site-urls.ts';
import { XML_DECLARATION, xmlText } from './xml.ts';

/** How many posts a feed carries, newest first. */
export const FEED_SIZE = 20;

export interface FeedHead {
  /** The feed's own address: its Atom id and its rel="self" link. */
  self: string;
  /** The page showing the same posts. */
  page: string;
  title: string;
  subtitle: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A post's Atom id: its UUID as a URN, which stays the same if the forum's address changes. */
const entryId = (base: string, id: string) => (UUID.test(id) ? `urn:uuid:${id.toLowerCase()}` : postUrl(base, id));

const iso = (time: string) => new Date(time).toISOString();

/** The author's name, and their profile's address unless they were banned and have none (uri is optional in Atom). */
function author(base: string, post: Post): string {
  const profile = profileOf(post);
  const uri = profile === null ? '' : `<uri>${xmlText(memberUrl(base, profile))}</uri>`;
  return `<author><name>${xmlText(post.name)}</name>${uri}</author>`;
}

function entry(base: string, post: Post): string {
  const updated = iso(post.editedAt ?? post.time);
  return [
    '  <entry>',
    `    <id>${xmlText(entryId(base, post._id))}</id>`,
    `    <title type="text">${xmlText(post.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(postUrl(base, post._id))}"/>`,
    `    ${author(base, post)}`,
    `    <published>${iso(post.time)}</published>`,
    `    <updated>${updated}</updated>`,
    `    <category term="${xmlText(post.category)}"/>`,
    `    <summary type="text">${xmlText(post.excerpt)}</summary>`,
    '  </entry>',
  ].join('\n');
}

/**
 * An Atom feed (RFC 4287) of the posts given, newest first. The feed's updated time is its
 * newest entry's (a post's edit counts), or now for a feed with no entries.
 */
export function atomFeed(base: string, head: FeedHead, posts: Post[]): string {
  const updated = posts.length ? posts.map((p) => iso(p.editedAt ?? p.time)).reduce((a, b) => (a > b ? a : b)) : new Date().toISOString();
  return [
    `${XML_DECLARATION}<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <id>${xmlText(head.self)}</id>`,
    `  <title type="text">${xmlText(head.title)}</title>`,
    `  <subtitle type="text">${xmlText(head.subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(head.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(head.page)}"/>`,
    `  <updated>${updated}</updated>`,
    ...posts.map((p) => entry(base, p)),
    '</feed>',
    '',
  ].join('\n');
}
