import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert, FormNotice } from '#web/components/ui/form.tsx';
import { paths, redirectTargetFrom, sessionEndedFrom, type RedirectState } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { GoogleSignInButton } from '#web/features/auth/components/google-sign-in-button.tsx';
import { SignInForm } from '#web/features/auth/components/sign-in-form.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';

/**
 * Our words for the error codes Better Auth puts in ?error= when a Google sign-in fails. Anyone
 * can write a link with any ?error=, so only these texts are shown, never the parameter itself.
 */
const EXPIRED = 'Google sign-in expired. Please try again.';
const GOOGLE_ERROR_TEXTS: Readonly<Record<string, string>> = {
  access_denied: 'Google sign-in was cancelled.',
  state_mismatch: EXPIRED,
  state_not_found: EXPIRED,
  state_invalid: EXPIRED,
  please_restart_the_process: EXPIRED,
  invalid_code: EXPIRED,
  no_code: EXPIRED,
  email_not_found: 'Google sign-in failed: Google did not share an email address.',
  email_not_verified: 'Google sign-in failed: the Google account’s email address is not verified.',
  signup_disabled: 'Google sign-in failed: new accounts cannot be created with Google.',
  account_already_linked_to_different_user: 'Google sign-in failed: this Google account belongs to another member.',
};

/** Shown when the guard sent a member here because their session ended under them. */
export const SESSION_ENDED_TEXT = 'Your session has ended. Sign in again to go on.';

function googleErrorText(code: string): string {
  return (Object.hasOwn(GOOGLE_ERROR_TEXTS, code) && GOOGLE_ERROR_TEXTS[code]) || 'Google sign-in failed.';
}

export function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { siteName } = usePublicConfig();
  const returnTo = redirectTargetFrom(location.state);
  // Said on arrival only: the reason is then dropped from the history entry (the path to
  // return to is kept), so a reload or a later visit to this page does not say it again.
  const [sessionEnded] = useState(() => sessionEndedFrom(location.state));
  useEffect(() => {
    if (!sessionEndedFrom(location.state)) return;
    const { sessionEnded: _dropped, ...rest } = location.state as RedirectState;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: rest });
  }, [location, navigate]);
  // Better Auth comes back here with ?error=… when a Google sign-in fails.
  const googleError = searchParams.get('error');

  return (
    <AuthCard
      title={paths.auth.signIn.title}
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
        {sessionEnded && <FormNotice>{SESSION_ENDED_TEXT}</FormNotice>}
        <SignInForm onSuccess={() => void navigate(returnTo, { replace: true })} />
        <div className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-line" />
          or
          <span className="h-px flex-1 bg-line" />
        </div>
        <GoogleSignInButton returnTo={returnTo} />
        {googleError !== null && <FormAlert>{googleErrorText(googleError)}</FormAlert>}
      </div>
    </AuthCard>
  );
}
