import { Link, useLocation, useNavigate } from 'react-router';
import { paths, redirectTargetFrom } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { SignUpForm } from '#web/features/auth/components/sign-up-form.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';

export function SignUpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { siteName } = usePublicConfig();
  return (
    <AuthCard
      title={paths.auth.signUp.title}
      description={`Join ${siteName} to post, comment and vote.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.auth.signIn.getHref()} state={location.state} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm onSuccess={() => void navigate(redirectTargetFrom(location.state), { replace: true })} />
    </AuthCard>
  );
}
