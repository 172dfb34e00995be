import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '#web/testing/render-app.tsx';
import { OFFLINE_MESSAGE } from './offline-notice.tsx';

describe('the offline notice', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says so while the browser is offline, and goes when it is back', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Latest posts' });
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('offline')));
    const line = await screen.findByText(OFFLINE_MESSAGE);
    // Inside a live region that was there before it, so it is announced.
    expect(line.closest('[aria-live="polite"]')).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
  });
});
