import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#web/testing/render-app.tsx';

describe('No Page Found', () => {
  it('shows for an unknown path and its "Back To Home" link returns to /', async () => {
    const { router, user } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'No Page Found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');

    await user.click(screen.getByRole('link', { name: 'Back To Home' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Code Commons' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'No Page Found' })).not.toBeInTheDocument();
  });

  it('is not shown for a known page', async () => {
    renderApp('/auth/sign-in');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No Page Found' })).not.toBeInTheDocument();
  });
});
