// Toasts (SPEC.md §9: top-right, 5000 ms, pause on hover, Alt+T = react-toastify's
// defaults). The library (toast-library.tsx) is fetched on the first toast, not with the
// first page: the container mounts then, and react-toastify shows toasts queued before it
// mounted.
// Its stylesheet is imported once in main.tsx.
import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { ToastContainerProps, ToastOptions } from 'react-toastify/unstyled';
import { codeOnDemand, whenOnline } from './code-on-demand.ts';

type ToastType = 'success' | 'error' | 'warning' | 'info';

const library = codeOnDemand(() => import('./toast-library.tsx'));

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
  // Offline before the first toast, the library cannot be fetched: this one is not shown (the
  // offline line under the top bar says why things fail), and the next is tried again.
  library
    .load()
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
    if (containerWanted)
      void library.load().then(
        ({ toast: libraryToast }) => libraryToast.dismiss(),
        () => undefined,
      );
  },
};

// Offline, the container waits for the connection rather than throwing: above the routes no
// error screen would catch it, and the whole app would go blank. A library that cannot be had
// online (a deploy replaced it) leaves the page without toasts until a reload.
const noToasts = () => null;
const LazyToastContainer = lazy((): Promise<{ default: ComponentType<ToastContainerProps> }> =>
  whenOnline(library.load).then(
    (loaded) => ({ default: loaded.ToastContainer }),
    () => ({ default: noToasts }),
  ),
);

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
