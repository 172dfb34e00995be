// The colour theme: <html data-theme>, set before the first paint by /theme.js (public/) from
// the stored choice or the system's preference; changing it here stores the member's choice.
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'theme';
const listeners = new Set<() => void>();

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

// A choice made in another tab of this browser: this tab follows it (as a reload would). One
// listener for the page, not one per subscriber: a subscriber's effect can run a moment after
// its first paint, and an event in that moment would otherwise be missed for good.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY || (event.newValue !== 'dark' && event.newValue !== 'light')) return;
    document.documentElement.dataset.theme = event.newValue;
    listeners.forEach((listener) => listener());
  });
}

// useSyncExternalStore reads the theme again once subscribed, so a change made between the
// first paint and the subscription still shows.
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useTheme = (): Theme => useSyncExternalStore(subscribe, currentTheme, () => 'light');
