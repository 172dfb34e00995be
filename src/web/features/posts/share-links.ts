// SPEC.md §2: a post is shared to Facebook and WhatsApp with its absolute address and the
// hashtag #code.
import { SHARE_HASHTAG } from '#shared/constants.ts';
import { paths } from '#web/config/paths.ts';

export const postShareUrl = (postId: string, origin: string = window.location.origin): string =>
  new URL(paths.postDetails.getHref(postId), origin).toString();

export interface ShareLinks {
  facebook: string;
  whatsapp: string;
}

export function shareLinks(title: string, url: string): ShareLinks {
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}&hashtag=${encodeURIComponent(`#${SHARE_HASHTAG}`)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url} #${SHARE_HASHTAG}`)}`,
  };
}
