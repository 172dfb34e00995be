import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '#shared/constants.ts';
import { PASSWORD_INLINE_MESSAGE, PASSWORD_TOAST_MESSAGE } from '#shared/schemas/user.ts';
import { buildSessionAnswer, buildViewer } from '#web/testing/factories.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const photo = () => new File(['fake image bytes'], 'me.png', { type: 'image/png' });

async function openSignUp(entry: Parameters<typeof renderApp>[0] = '/auth/sign-up') {
  const app = renderApp(entry);
  await screen.findByRole('button', { name: 'Sign Up' });
  return app;
}

/** Records every sign-up related call the page makes, in order. */
function recordSignUpCalls() {
  const calls: string[] = [];
  server.use(
    http.post('*/api/auth/sign-up/email', () => {
      calls.push('sign-up');
      return HttpResponse.json({ token: 't', user: buildSessionAnswer(buildViewer()).user });
    }),
    http.post('*/api/uploads/image', () => {
      calls.push('upload');
      return HttpResponse.json({ data: { display_url: '/api/images/img-1' } });
    }),
  );
  return calls;
}

describe('Sign up form', () => {
  it('shows every required message verbatim when submitted empty, without calling the server', async () => {
    const calls = recordSignUpCalls();
    const { user } = await openSignUp();

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Photo is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('labels its controls and accepts only images for the photo', async () => {
    await openSignUp();
    expect(screen.getByLabelText('Name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
  });

  it('refuses a photo over 5 MB inline, before uploading anything', async () => {
    const calls = recordSignUpCalls();
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    const big = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Photo'), big);
    await user.type(screen.getByLabelText('Password'), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('The image is larger than 5 MB.')).toBeInTheDocument();
    expect(screen.getByLabelText('Photo')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('says in words how long a name and an email may be', async () => {
    const calls = recordSignUpCalls();
    const { user } = await openSignUp();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('N'.repeat(81));
    await user.click(screen.getByLabelText('Email'));
    await user.paste(`${'a'.repeat(250)}@example.com`);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at most 80 characters'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email must be at most 254 characters');
    expect(calls).toEqual([]);
  });

  it('rejects a weak password inline and with the password toast', async () => {
    const calls = recordSignUpCalls();
    const { user } = await openSignUp();

    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.upload(screen.getByLabelText('Photo'), photo());
    await user.type(screen.getByLabelText('Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(PASSWORD_INLINE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText(PASSWORD_TOAST_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('creates the account, uploads the photo, saves the profile, then welcomes and returns', async () => {
    const calls = recordSignUpCalls();
    let signedUp = false;
    const bodies: Record<string, unknown> = {};
    server.use(
      http.post('*/api/auth/sign-up/email', async ({ request }) => {
        calls.push('sign-up');
        bodies['sign-up'] = await request.json();
        signedUp = true;
        return HttpResponse.json({ token: 't', user: buildSessionAnswer(buildViewer()).user });
      }),
      http.post('*/api/auth/update-user', async ({ request }) => {
        calls.push('update-user');
        bodies['update-user'] = await request.json();
        return HttpResponse.json({ status: true });
      }),
      http.post('*/api/user-data', async ({ request }) => {
        calls.push('user-data');
        bodies['user-data'] = await request.json();
        return HttpResponse.json({ insertedId: 'user-1' });
      }),
      http.get('*/api/auth/get-session', () =>
        HttpResponse.json(signedUp ? buildSessionAnswer(buildViewer({ image: '/api/images/img-1' })) : null),
      ),
      http.get('*/api/users/role/:email', () => HttpResponse.json({ role: 'Client' })),
    );
    const { user, router } = await openSignUp({ pathname: '/auth/sign-up', state: { from: '/somewhere/else' } });

    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.upload(screen.getByLabelText('Photo'), photo());
    await user.type(screen.getByLabelText('Password'), 'Abc123!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Account Created!')).toBeInTheDocument();
    expect(screen.getByText('Welcome to Code Commons!')).toBeInTheDocument();
    expect(calls).toEqual(['sign-up', 'upload', 'update-user', 'user-data']);
    expect(bodies['sign-up']).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'Abc123!' });
    expect(bodies['update-user']).toEqual({ image: '/api/images/img-1' });
    expect(bodies['user-data']).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', image: '/api/images/img-1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/somewhere/else'));
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('keeps the account it created when the photo is refused: the Photo field says why, and a new photo finishes the sign-up', async () => {
    const calls: string[] = [];
    let signedUp = false;
    server.use(
      http.post('*/api/auth/sign-up/email', () => {
        calls.push('sign-up');
        if (signedUp) {
          return HttpResponse.json({ code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' }, { status: 422 });
        }
        signedUp = true;
        return HttpResponse.json({ token: 't', user: buildSessionAnswer(buildViewer()).user });
      }),
      http.post('*/api/uploads/image', () => {
        calls.push('upload');
        // The first photo (the SVG) is refused, the next taken. Told apart by their order, not
        // their bytes: on Node 26 the test environment's File does not reach the request's body.
        if (calls.filter((call) => call === 'upload').length === 1) {
          return HttpResponse.json(
            { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please upload a PNG, JPEG, WebP or GIF image.' },
            { status: 415 },
          );
        }
        return HttpResponse.json({ data: { display_url: '/api/images/img-1' } });
      }),
      http.post('*/api/auth/update-user', () => {
        calls.push('update-user');
        return HttpResponse.json({ status: true });
      }),
      http.post('*/api/user-data', () => {
        calls.push('user-data');
        return HttpResponse.json({ insertedId: 'user-1' });
      }),
      http.get('*/api/auth/get-session', () => HttpResponse.json(signedUp ? buildSessionAnswer(buildViewer()) : null)),
      http.get('*/api/users/role/:email', () => HttpResponse.json({ role: 'Client' })),
    );
    const { user, router } = await openSignUp();

    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.upload(screen.getByLabelText('Photo'), new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    await user.type(screen.getByLabelText('Password'), 'Abc123!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const photoField = screen.getByLabelText('Photo');
    await waitFor(() => expect(photoField).toHaveAccessibleDescription('Please upload a PNG, JPEG, WebP or GIF image.'));
    expect(photoField).toHaveAttribute('aria-invalid', 'true');
    expect(photoField).toHaveFocus();

    await user.upload(photoField, photo());
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Account Created!')).toBeInTheDocument();
    expect(calls).toEqual(['sign-up', 'upload', 'upload', 'update-user', 'user-data']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a taken email on the Email field, focused, when the account cannot be created', async () => {
    server.use(
      http.post('*/api/auth/sign-up/email', () =>
        HttpResponse.json({ code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' }, { status: 422 }),
      ),
    );
    const { user, router } = await openSignUp();

    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.upload(screen.getByLabelText('Photo'), photo());
    await user.type(screen.getByLabelText('Password'), 'Abc123!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    // On the Email field as well as in the toast, and the field has the focus.
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('User already exists. Use another email.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByText('Account Created!')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-up');
  });
});
