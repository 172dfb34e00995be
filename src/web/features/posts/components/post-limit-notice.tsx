import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { POST_LIMITS, type Membership } from '#shared/constants.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';

/**
 * SPEC.md §2 "Add Post": shown instead of the form once the limit is reached. `refusedPost`:
 * the server refused a post just written, so the form, and the Create Post button that held the
 * focus, vanished under the member's hands. A Gold member has no membership to upgrade to (the
 * membership page only says they are Gold): their way on is one of their posts deleted.
 */
export function PostLimitNotice({ membership, refusedPost = false }: { membership: Membership; refusedPost?: boolean }) {
  // The heading takes the focus the vanished button held, unless the reader put it elsewhere.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (refusedPost && (active === null || active === document.body)) heading.current?.focus();
    // Only as the prompt appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section aria-labelledby="post-limit-title" className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
      <img src="/gold-badge.png" alt="" width={72} height={72} className="size-18" />
      <div className="space-y-2">
        <h2 ref={heading} id="post-limit-title" tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
          You have reached your post limit.
        </h2>
        <p className="text-muted">
          {membership === 'Gold'
            ? `Gold membership allows ${POST_LIMITS.Gold} posts. Delete one of yours to write another.`
            : 'Please upgrade your membership to continue posting.'}
        </p>
        {/* The form's draft is not cleared by the refusal (session-draft.ts): it says so. */}
        {refusedPost && <p className="text-sm text-muted">What you wrote is kept in this tab: it comes back here once you can post.</p>}
      </div>
      {membership === 'Gold' ? (
        <Link to={paths.dashboard.myPost.getHref()} className={buttonClasses({ size: 'lg' })}>
          {paths.dashboard.myPost.title}
        </Link>
      ) : (
        <Link to={paths.membership.getHref()} className={buttonClasses({ size: 'lg' })}>
          Upgrade Membership
        </Link>
      )}
    </section>
  );
}
