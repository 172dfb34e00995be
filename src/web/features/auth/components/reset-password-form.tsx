import { resetPasswordFormSchema } from '#shared/schemas/auth.ts';
import { PASSWORD_HINT, PASSWORD_INLINE_MESSAGE, PASSWORD_TOAST_MESSAGE } from '#shared/schemas/user.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Form, FormAlert, PasswordInput } from '#web/components/ui/form.tsx';
import { toast } from '#web/lib/toast.tsx';
import { ResetLinkInvalidError, useResetPassword } from '../api/password-reset.ts';

interface ResetPasswordFormProps {
  token: string;
  onSuccess: () => void;
  /** The server says the link is spent, expired or unknown. */
  onInvalidLink: () => void;
}

export function ResetPasswordForm({ token, onSuccess, onInvalidLink }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const error = reset.error instanceof ResetLinkInvalidError ? null : reset.error;
  return (
    <div className="space-y-4">
      <Form
        schema={resetPasswordFormSchema}
        aria-label="Reset password"
        options={{ defaultValues: { newPassword: '' } }}
        onInvalid={(errors) => {
          // SPEC.md §5, as at sign-up: a password that breaks the rule also raises a toast.
          if (errors.newPassword?.message === PASSWORD_INLINE_MESSAGE) toast.error(PASSWORD_TOAST_MESSAGE);
        }}
        onSubmit={(values) =>
          reset.mutateAsync(
            { ...values, token },
            {
              onSuccess,
              onError: (failure) => {
                if (failure instanceof ResetLinkInvalidError) onInvalidLink();
              },
            },
          )
        }
      >
        {({ register, formState: { errors } }) => (
          <>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              hint={PASSWORD_HINT}
              registration={register('newPassword')}
              error={errors.newPassword}
            />
            <Button type="submit" size="lg" className="w-full" isLoading={reset.isPending}>
              Set password
            </Button>
          </>
        )}
      </Form>
      {error && <FormAlert>{error.message}</FormAlert>}
    </div>
  );
}
