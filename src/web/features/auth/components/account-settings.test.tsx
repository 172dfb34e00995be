import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '#shared/constants.ts';
import { PASSWORD_INLINE_MESSAGE } from '#shared/schemas/user.ts';
import { buildSessionAnswer, buildViewer } from '#web/testing/factories.ts';
import { buildLeaderboardRow } from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const viewer = buildViewer({ id: 'user-1', name: 'Ada Lovelace' });

/** The calls My Profile's forms make, with their bodies, in order. */
function accountServer({ passwordError }: { passwordError?: string } = {}) {
  const calls: { call: string; body?: unknown }[] = [];
  server.use(
    ...signedInAs('Client', viewer),
    http.post('*/api/uploads/image', () => {
      calls.push({ call: 'upload' });
      return HttpResponse.json({ data: { display_url: '/api/images/img-9' } });
    }),
    http.post('*/api/auth/update-user', async ({ request }) => {
      calls.push({ call: 'update-user', body: await request.json() });
      return HttpResponse.json({ status: true });
    }),
    http.post('*/api/auth/change-password', async ({ request }) => {
      calls.push({ call: 'change-password', body: await request.json() });
      // As the server answers Better Auth's refusal of a wrong current password.
      if (passwordError)
        return HttpResponse.json(
          { message: passwordError, code: 'VALIDATION_FAILED', details: [{ path: 'currentPassword', message: passwordError }] },
          { status: 400 },
        );
      return HttpResponse.json({ token: null, user: {} });
    }),
  );
  return calls;
}

async function openMyProfile() {
  const app = renderApp('/dashboard/my-profile');
  const edit = await screen.findByRole('form', { name: 'Edit profile' });
  const password = screen.getByRole('form', { name: 'Change password' });
  return { ...app, edit, password };
}

describe('My Profile: account edits', () => {
  it('names the account to password managers beside the password fields (the call sends the passwords alone, below)', async () => {
    accountServer();
    const { password } = await openMyProfile();
    const username = password.querySelector('input[autocomplete="username"]');
    expect(username).toHaveValue(viewer.email);
    expect(username).not.toBeVisible();
  });

  it('saves a new name and photo through update-user, the photo uploaded first', async () => {
    const calls = accountServer();
    const { user, edit } = await openMyProfile();

    const name = within(edit).getByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    await user.clear(name);
    await user.type(name, '  Ada King ');
    await user.upload(within(edit).getByLabelText('New photo'), new File(['img'], 'me.png', { type: 'image/png' }));
    await user.click(within(edit).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(calls).toEqual([{ call: 'upload' }, { call: 'update-user', body: { name: 'Ada King', image: '/api/images/img-9' } }]);
  });

  it('says on the New photo field, focused, why the server refused the photo, and saves nothing', async () => {
    const calls = accountServer();
    server.use(
      http.post('*/api/uploads/image', () => {
        calls.push({ call: 'upload' });
        return HttpResponse.json(
          { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please upload a PNG, JPEG, WebP or GIF image.' },
          { status: 415 },
        );
      }),
    );
    const { user, edit } = await openMyProfile();

    const photo = within(edit).getByLabelText('New photo');
    await user.upload(photo, new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    await user.click(within(edit).getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(photo).toHaveAccessibleDescription(/Please upload a PNG, JPEG, WebP or GIF image\.$/));
    expect(photo).toHaveAttribute('aria-invalid', 'true');
    expect(photo).toHaveFocus();
    expect(calls).toEqual([{ call: 'upload' }]);
  });

  it('shows the new name on the lists the member saw before, the leaderboard among them (kept fresh a minute)', async () => {
    let name = viewer.name;
    server.use(
      ...signedInAs('Client', viewer),
      http.get('*/api/auth/get-session', () => HttpResponse.json(buildSessionAnswer({ ...viewer, name }))),
      http.get('*/api/user-data', () => HttpResponse.json([buildLeaderboardRow({ _id: viewer.id, name })])),
      http.post('*/api/auth/update-user', async ({ request }) => {
        name = ((await request.json()) as { name: string }).name;
        return HttpResponse.json({ status: true });
      }),
    );
    const { user, router } = renderApp('/');
    const leaderboard = async () => (await screen.findByRole('heading', { name: 'Top Contributors This Week' })).closest('section')!;
    expect(await within(await leaderboard()).findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();

    await router.navigate('/dashboard/my-profile');
    const edit = await screen.findByRole('form', { name: 'Edit profile' });
    await user.clear(within(edit).getByLabelText('Name'));
    await user.type(within(edit).getByLabelText('Name'), 'Ada King');
    await user.click(within(edit).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();

    await router.navigate('/');
    expect(await within(await leaderboard()).findByRole('link', { name: 'Ada King' })).toBeInTheDocument();
  });

  it('refuses a new photo over 5 MB inline, before uploading it', async () => {
    const calls = accountServer();
    const { user, edit } = await openMyProfile();
    const big = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    await user.upload(within(edit).getByLabelText('New photo'), big);
    await user.click(within(edit).getByRole('button', { name: 'Save profile' }));
    expect(await within(edit).findByText('The image is larger than 5 MB.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('keeps the photo when none is chosen, and refuses a blank name without calling the server', async () => {
    const calls = accountServer();
    const { user, edit } = await openMyProfile();
    const name = within(edit).getByLabelText('Name');

    await user.clear(name);
    await user.click(within(edit).getByRole('button', { name: 'Save profile' }));
    expect(await within(edit).findByText('Name is required')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(name, 'Countess');
    await user.click(within(edit).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls).toEqual([{ call: 'update-user', body: { name: 'Countess' } }]));
  });

  it('changes the password, signing other sessions out; a weak new password is refused first', async () => {
    const calls = accountServer();
    const { user, password } = await openMyProfile();

    await user.type(within(password).getByLabelText('Current password'), 'Passw0rd!');
    await user.type(within(password).getByLabelText('New password'), 'weak');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText(PASSWORD_INLINE_MESSAGE)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(within(password).getByLabelText('New password'));
    await user.type(within(password).getByLabelText('New password'), 'N3w!Passw');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other sessions were signed out.')).toBeInTheDocument();
    expect(calls).toEqual([
      { call: 'change-password', body: { currentPassword: 'Passw0rd!', newPassword: 'N3w!Passw', revokeOtherSessions: true } },
    ]);
  });

  it('shows the server’s refusal of a wrong current password on that field, with the focus there to type it again', async () => {
    accountServer({ passwordError: 'Invalid password' });
    const { user, password } = await openMyProfile();
    await user.type(within(password).getByLabelText('Current password'), 'Wr0ng!pass');
    await user.type(within(password).getByLabelText('New password'), 'N3w!Passw');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));

    const current = within(password).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription(/Invalid password/));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    expect(within(password).getByLabelText('New password')).not.toHaveAttribute('aria-invalid', 'true');
    // And in the toast, as every refusal of the account forms.
    expect(screen.getAllByText('Invalid password')).toHaveLength(2);
  });
});

describe('Admin Profile: account edits', () => {
  it('lets an administrator change their name and photo, and their password, as a member does on My Profile', async () => {
    const calls: { call: string; body?: unknown }[] = [];
    server.use(
      ...signedInAs('Admin', viewer),
      http.post('*/api/auth/update-user', async ({ request }) => {
        calls.push({ call: 'update-user', body: await request.json() });
        return HttpResponse.json({ status: true });
      }),
      http.post('*/api/auth/change-password', async ({ request }) => {
        calls.push({ call: 'change-password', body: await request.json() });
        return HttpResponse.json({ token: null, user: {} });
      }),
    );
    const { user } = renderApp('/dashboard/admin-profile');

    const edit = await screen.findByRole('form', { name: 'Edit profile' });
    expect(within(edit).getByLabelText('Name')).toHaveValue('Ada Lovelace');
    await user.clear(within(edit).getByLabelText('Name'));
    await user.type(within(edit).getByLabelText('Name'), 'Ada King');
    await user.click(within(edit).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();

    const password = screen.getByRole('form', { name: 'Change password' });
    expect(password.querySelector('input[autocomplete="username"]')).toHaveValue(viewer.email);
    await user.type(within(password).getByLabelText('Current password'), 'Passw0rd!');
    await user.type(within(password).getByLabelText('New password'), 'N3w!Passw');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other sessions were signed out.')).toBeInTheDocument();
    expect(calls).toEqual([
      { call: 'update-user', body: { name: 'Ada King' } },
      { call: 'change-password', body: { currentPassword: 'Passw0rd!', newPassword: 'N3w!Passw', revokeOtherSessions: true } },
    ]);
  });
});
