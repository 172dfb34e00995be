import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#web/testing/render-app.tsx';

describe('the focus after a navigation', () => {
  it('goes to the new page’s heading when the link followed is gone with the old page', async () => {
    const { router, user } = renderApp('/no/such/page');
    const back = await screen.findByRole('link', { name: 'Back To Home' });
    await user.click(back);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Code Commons' });
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('stays in a field the reader went to while the page came', async () => {
    const { user } = renderApp('/no/such/page');
    await user.click(await screen.findByRole('link', { name: 'Back To Home' }));
    const search = screen.getAllByRole('searchbox')[0]!;
    search.focus();
    await screen.findByRole('heading', { level: 1, name: 'Code Commons' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(search).toHaveFocus();
  });

  it('is left alone on the first page shown', async () => {
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'No Page Found' });
    expect(document.body).toHaveFocus();
  });
});
