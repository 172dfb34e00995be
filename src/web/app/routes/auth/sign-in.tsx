import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '#web/components/ui/form.tsx';
import { paths, redirectTargetFrom } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { GoogleSignInButton } from '#web/features/auth/components/google-sign-in-button.tsx';
import { SignInForm } from '#web/features/auth/components/sign-in-form.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';

export function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { siteName } = usePublicConfig();
  const returnTo = redirectTargetFrom(location.state);
  // Better Auth comes back here with ?error=… when a Google sign-in fails.
  const googleError = searchParams.get('error');

  return (
    <AuthCard
      title="Sign In"
      description={`Welcome back to ${siteName}.`}
      footer={
        <>
          New here?{' '}
          <Link to={paths.auth.signUp.getHref()} state={location.state} className="font-medium text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        <SignInForm onSuccess={() => void navigate(returnTo, { replace: true })} />
        <div className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-line" />
          or
          <span className="h-px flex-1 bg-line" />
        </div>
        <GoogleSignInButton returnTo={returnTo} />
        {googleError && <FormAlert>Google sign-in failed ({googleError.replaceAll('_', ' ')}).</FormAlert>}
      </div>
    </AuthCard>
  );
}
