import { describe, expect, it } from 'vitest';
import { currentTheme } from './theme.ts';

describe('theme', () => {
  it('follows a choice stored in another tab even before any component has subscribed', () => {
    document.documentElement.dataset.theme = 'light';
    // The top bar's toggle subscribes in an effect, a moment after its first paint; the
    // page must not miss another tab's choice made in that moment.
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue: 'light', newValue: 'dark' }));
    expect(currentTheme()).toBe('dark');

    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: 'light' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'purple' }));
    expect(currentTheme()).toBe('dark');
  });
});
