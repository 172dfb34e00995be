import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('No Page Found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-bold tracking-tight text-brand-700">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">No Page Found</h1>
      <p className="mt-2 text-muted">The page you are looking for does not exist or has moved.</p>
      {/* A link, not a button: the server sends this page, and a link works before any script runs. */}
      <Link to={paths.home.getHref()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        Back To Home
      </Link>
    </div>
  );
}
