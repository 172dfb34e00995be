import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { useResetLinkCheck } from '#web/features/auth/api/password-reset.ts';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { toast } from '#web/lib/toast.tsx';

export const INVALID_RESET_LINK_TEXT = 'This link to reset a password is not valid: a link works once, for one hour.';
export const PASSWORD_SET_TEXT = 'Your password is set. Sign in with it.';

/** The page a mailed reset link opens (`?token=…`). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // Also Better Auth's own way of saying so (`?error=INVALID_TOKEN`).
  const [invalid, setInvalid] = useState(!token || searchParams.has('error'));
  // A link refused when the password is sent: the alert replaces the form, which held the focus.
  const [refused, setRefused] = useState(false);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refused) alert.current?.focus();
  }, [refused]);
  // A spent or expired link says so when it opens, not after a password has been typed.
  const check = useResetLinkCheck(invalid ? null : token);

  return (
    <AuthCard
      title={paths.auth.resetPassword.title}
      description="It replaces the old one and signs you out on every device."
      footer={
        <Link to={paths.auth.signIn.getHref()} className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {!invalid && check.isPending ? (
        <p role="status" className="text-sm text-ink/70">
          Checking the link…
        </p>
      ) : invalid || !token || check.data === false ? (
        <div
          ref={alert}
          role="alert"
          tabIndex={-1}
          className="space-y-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-3 text-danger-700 outline-none"
        >
          <p>{INVALID_RESET_LINK_TEXT}</p>
          <p>
            <Link to={paths.auth.forgotPassword.getHref()} className="font-medium underline">
              Ask for a new link
            </Link>
          </p>
        </div>
      ) : (
        <ResetPasswordForm
          token={token}
          onInvalidLink={() => {
            setInvalid(true);
            setRefused(true);
          }}
          onSuccess={() => {
            toast.success(PASSWORD_SET_TEXT);
            void navigate(paths.auth.signIn.getHref(), { replace: true });
          }}
        />
      )}
    </AuthCard>
  );
}
