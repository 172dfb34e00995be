import { Link } from 'react-router';
import { signInFormSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Form, FormAlert, Input, PasswordInput } from '#web/components/ui/form.tsx';
import { paths } from '#web/config/paths.ts';
import { useSignIn } from '../api/sign-in.ts';

interface SignInFormProps {
  onSuccess: () => void;
}

export function SignInForm({ onSuccess }: SignInFormProps) {
  const signIn = useSignIn();
  return (
    <div className="space-y-4">
      <Form
        schema={signInFormSchema}
        aria-label="Sign in"
        onSubmit={(values) => signIn.mutateAsync(values, { onSuccess })}
        options={{ defaultValues: { email: '', password: '' } }}
      >
        {({ register, formState: { errors } }) => (
          <>
            <Input type="email" label="Email" autoComplete="email" registration={register('email')} error={errors.email} />
            <div className="space-y-1.5">
              <PasswordInput label="Password" autoComplete="current-password" registration={register('password')} error={errors.password} />
              <div className="text-right">
                <Link to={paths.auth.forgotPassword.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
                  Forgot password?
                </Link>
              </div>
            </div>
            <Button type="submit" size="lg" className="w-full" isLoading={signIn.isPending}>
              Sign In
            </Button>
          </>
        )}
      </Form>
      {signIn.error && <FormAlert>{signIn.error.message}</FormAlert>}
    </div>
  );
}
