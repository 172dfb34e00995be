import { PASSWORD_HINT, PASSWORD_INLINE_MESSAGE, PASSWORD_TOAST_MESSAGE } from '#shared/schemas/user.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Form, Input, PasswordInput } from '#web/components/ui/form.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { toast } from '#web/lib/toast.tsx';
import { SignUpFieldError, signUpFormSchema, useSignUp } from '../api/sign-up.ts';

interface SignUpFormProps {
  onSuccess: () => void;
}

export function SignUpForm({ onSuccess }: SignUpFormProps) {
  const signUp = useSignUp();
  const { siteName } = usePublicConfig();
  return (
    <Form
      schema={signUpFormSchema}
      aria-label="Sign up"
      options={{ defaultValues: { name: '', email: '', password: '' } }}
      onInvalid={(errors) => {
        // SPEC.md §5: a password that breaks the rule also raises a toast on submit.
        if (errors.password?.message === PASSWORD_INLINE_MESSAGE) toast.error(PASSWORD_TOAST_MESSAGE);
      }}
      onSubmit={(values, form) =>
        signUp.mutateAsync(values, {
          onSuccess: () => {
            toast.success(
              <div>
                <p className="font-semibold">Account Created!</p>
                <p>Welcome to {siteName}!</p>
              </div>,
            );
            onSuccess();
          },
          onError: (error) => {
            toast.error(error.message);
            // The toast goes after a few seconds; the field keeps saying what to change.
            if (error instanceof SignUpFieldError) form.setError(error.field, { message: error.message }, { shouldFocus: true });
          },
        })
      }
    >
      {({ register, formState: { errors } }) => (
        <>
          <Input label="Name" autoComplete="name" registration={register('name')} error={errors.name} />
          <Input type="email" label="Email" autoComplete="email" registration={register('email')} error={errors.email} />
          <Input type="file" label="Photo" accept="image/*" registration={register('photo')} error={errors.photo} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            registration={register('password')}
            error={errors.password}
          />
          <Button type="submit" size="lg" className="w-full" isLoading={signUp.isPending}>
            Sign Up
          </Button>
        </>
      )}
    </Form>
  );
}
