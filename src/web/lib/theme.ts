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

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // A choice made in another tab of this browser: this one follows it (as a reload would).
  const followOtherTab = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || (event.newValue !== 'dark' && event.newValue !== 'light')) return;
    document.documentElement.dataset.theme = event.newValue;
    listener();
  };
  window.addEventListener('storage', followOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', followOtherTab);
  };
};

export const useTheme = (): Theme => useSyncExternalStore(subscribe, currentTheme, () => 'light');
