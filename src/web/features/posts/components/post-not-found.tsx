import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';

/** A post that does not exist (or no longer does). */
export function PostNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-bold tracking-tight text-brand-700">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Post not found</h1>
      <p className="mt-2 text-muted">This post does not exist or has been deleted.</p>
      <Link to={paths.home.getHref()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        Back To Home
      </Link>
    </div>
  );
}
