// Toasts (SPEC.md §9: top-right, 5000 ms, pause on hover, Alt+T = react-toastify's
// defaults). The library is fetched on the first toast, not with the first page: the
// container mounts then, and react-toastify shows toasts queued before it mounted.
// Its stylesheet is imported once in main.tsx.
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { ToastContainerProps, ToastOptions } from 'react-toastify/unstyled';

// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- the type of a lazily imported module
type ToastLibrary = typeof import('react-toastify/unstyled');
type ToastType = 'success' | 'error' | 'warning' | 'info';

let library: Promise<ToastLibrary> | null = null;
const loadLibrary = (): Promise<ToastLibrary> => (library ??= import('react-toastify/unstyled'));

let containerWanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function show(type: ToastType, content: ReactNode, options?: ToastOptions): void {
  if (!containerWanted) {
    containerWanted = true;
    listeners.forEach((listener) => listener());
  }
  loadLibrary()
    .then(({ toast: libraryToast }) => libraryToast[type](content, options))
    .catch((error: unknown) => console.warn('Could not show a notification', error));
}

export const toast = {
  success: (content: ReactNode, options?: ToastOptions) => show('success', content, options),
  error: (content: ReactNode, options?: ToastOptions) => show('error', content, options),
  warning: (content: ReactNode, options?: ToastOptions) => show('warning', content, options),
  info: (content: ReactNode, options?: ToastOptions) => show('info', content, options),
  /** Removes every toast on screen (and queued). */
  dismiss: (): void => {
    void library?.then(({ toast: libraryToast }) => libraryToast.dismiss());
  },
};

const LazyToastContainer = lazy(async () => ({ default: (await loadLibrary()).ToastContainer }));

/** Mounts react-toastify's container once the first toast is requested. */
export function Toaster(props: ToastContainerProps) {
  // No toast is ever wanted on the server, nor while its markup is hydrated.
  const wanted = useSyncExternalStore(
    subscribe,
    () => containerWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer {...props} />
    </Suspense>
  );
}
