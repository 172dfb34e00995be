// My Profile and the Admin Profile: the member edits their name and photo, and changes their password.
import type { ReactNode } from 'react';
import { PASSWORD_HINT, PASSWORD_INLINE_MESSAGE, PASSWORD_TOAST_MESSAGE } from '#shared/schemas/user.ts';
import { changePasswordFormSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Form, Input, PasswordInput } from '#web/components/ui/form.tsx';
import { toast } from '#web/lib/toast.tsx';
import { refusedImageMessage } from '#web/lib/upload-image.ts';
import { profileFormSchema, useChangePassword, useUpdateProfile, WrongCurrentPasswordError } from '../api/update-account.ts';

/** One settings card, named by its heading. */
function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card space-y-4 px-5 py-6">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function EditProfileForm({ name }: { name: string }) {
  const update = useUpdateProfile();
  return (
    <SettingsSection id="edit-profile-heading" title="Edit profile">
      <Form
        schema={profileFormSchema}
        aria-label="Edit profile"
        options={{ defaultValues: { name } }}
        onSubmit={(values, form) =>
          update.mutateAsync(values, {
            onSuccess: () => {
              toast.success('Profile updated.');
              form.reset({ name: values.name });
            },
            onError: (error) => {
              toast.error(error.message);
              // The toast goes; the field keeps saying why, where another photo is picked.
              const refused = refusedImageMessage(error);
              if (refused !== null) form.setError('photo', { message: refused }, { shouldFocus: true });
            },
          })
        }
      >
        {({ register, formState: { errors } }) => (
          <>
            <Input label="Name" autoComplete="name" registration={register('name')} error={errors.name} />
            <Input
              type="file"
              label="New photo"
              accept="image/*"
              hint="Leave empty to keep your photo."
              registration={register('photo')}
              error={errors.photo}
            />
            <Button type="submit" isLoading={update.isPending}>
              Save profile
            </Button>
          </>
        )}
      </Form>
    </SettingsSection>
  );
}

/** `email` names the account to password managers, which save the new password under it. */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  return (
    <SettingsSection id="change-password-heading" title="Change password">
      <Form
        schema={changePasswordFormSchema}
        aria-label="Change password"
        options={{ defaultValues: { currentPassword: '', newPassword: '' } }}
        onInvalid={(errors) => {
          if (errors.newPassword?.message === PASSWORD_INLINE_MESSAGE) toast.error(PASSWORD_TOAST_MESSAGE);
        }}
        onSubmit={(values, form) =>
          change.mutateAsync(values, {
            onSuccess: () => {
              toast.success('Password changed. Your other sessions were signed out.');
              form.reset();
            },
            onError: (error) => {
              toast.error(error.message);
              // Two password fields: say which one was wrong, and go there to type it again.
              if (error instanceof WrongCurrentPasswordError)
                form.setError('currentPassword', { message: error.message }, { shouldFocus: true });
            },
          })
        }
      >
        {({ register, formState: { errors } }) => (
          <>
            {/* Not a field of the form's: what a password manager reads as the account's name. */}
            <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              registration={register('currentPassword')}
              error={errors.currentPassword}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              hint={PASSWORD_HINT}
              registration={register('newPassword')}
              error={errors.newPassword}
            />
            <Button type="submit" isLoading={change.isPending}>
              Change password
            </Button>
          </>
        )}
      </Form>
    </SettingsSection>
  );
}
