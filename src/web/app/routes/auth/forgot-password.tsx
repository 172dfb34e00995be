import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title={paths.auth.forgotPassword.title}
      description="Give your account's email and we will mail you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.auth.signIn.getHref()} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
