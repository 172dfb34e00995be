import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';

/** SPEC.md §2 "Add Post": shown instead of the form once the limit is reached. */
export function PostLimitNotice() {
  return (
    <section aria-labelledby="post-limit-title" className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
      <img src="/gold-badge.png" alt="" width={72} height={72} className="size-18" />
      <div className="space-y-2">
        <h2 id="post-limit-title" className="text-xl font-semibold tracking-tight">
          You have reached your post limit.
        </h2>
        <p className="text-muted">Please upgrade your membership to continue posting.</p>
      </div>
      <Link to={paths.membership.getHref()} className={buttonClasses({ size: 'lg' })}>
        Upgrade Membership
      </Link>
    </section>
  );
}
