import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '#web/testing/render-app.tsx';

// Safari and Chrome on Android share and bookmark a page's canonical address rather than the
// one in the address bar: the link the server wrote names the page it sent, and no other.
describe('the canonical link after a navigation', () => {
  const canonical = () => document.head.querySelector('link[rel="canonical"]');

  afterEach(() => canonical()?.remove());

  it('is taken out once the app shows another page, and comes back with the page it names', async () => {
    const served = document.createElement('link');
    served.rel = 'canonical';
    served.href = 'http://localhost:3000/?search=rust';
    document.head.append(served);

    const { router } = renderApp('/?search=rust');
    await screen.findByRole('heading', { level: 1, name: 'Code Commons' });
    await act(() => router.navigate('/no/such/page'));
    await screen.findByRole('heading', { name: 'No Page Found' });
    await waitFor(() => expect(canonical()).toBeNull());

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Code Commons' });
    await waitFor(() => expect(canonical()).toBe(served));
    // Another list is another page, though home shows it.
    await act(() => router.navigate('/?search=go'));
    await waitFor(() => expect(canonical()).toBeNull());
  });

  it('stays on the page it names however its address changes in place (a link to a place in it)', async () => {
    const served = document.createElement('link');
    served.rel = 'canonical';
    served.href = 'http://localhost:3000/';
    document.head.append(served);

    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Code Commons' });
    await act(() => router.navigate('/#announcements'));
    expect(router.state.location.hash).toBe('#announcements');
    expect(canonical()).toBe(served);
  });
});
