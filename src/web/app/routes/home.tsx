import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useViewer } from '#web/lib/auth.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';

export function HomePage() {
  const { siteName } = usePublicConfig();
  const viewer = useViewer();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{siteName}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-muted text-pretty">
        A community forum where tech contributors share posts, discuss them and help each other.
      </p>
      {viewer.status === 'signed-out' && (
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Link to={paths.auth.signUp.getHref()} className={buttonClasses({ size: 'lg' })}>
            Create an account
          </Link>
          <Link to={paths.auth.signIn.getHref()} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            Sign in
          </Link>
        </div>
      )}
    </div>
  );
}
