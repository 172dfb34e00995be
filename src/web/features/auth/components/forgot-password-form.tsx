import { useEffect, useRef } from 'react';
import { forgotPasswordFormSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { useRequestPasswordReset } from '../api/password-reset.ts';

/** The same words whether or not the email belongs to an account: the page reveals nothing. */
export const RESET_LINK_SENT_TEXT = 'If an account exists for that email, we sent a link to reset its password.';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  // The confirmation replaces the form, which held the focus: the reader goes on from it.
  const sent = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (request.isSuccess) sent.current?.focus();
  }, [request.isSuccess]);
  if (request.isSuccess) {
    return (
      <p ref={sent} role="status" tabIndex={-1} className="rounded-lg border border-line bg-canvas px-3 py-3 outline-none">
        {RESET_LINK_SENT_TEXT}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <Form
        schema={forgotPasswordFormSchema}
        aria-label="Forgot password"
        onSubmit={(values) => request.mutateAsync(values)}
        options={{ defaultValues: { email: '' } }}
      >
        {({ register, formState: { errors } }) => (
          <>
            <Input type="email" label="Email" autoComplete="email" registration={register('email')} error={errors.email} />
            <Button type="submit" size="lg" className="w-full" isLoading={request.isPending}>
              Send reset link
            </Button>
          </>
        )}
      </Form>
      {request.error && <FormAlert>{request.error.message}</FormAlert>}
    </div>
  );
}
