// What the first toast fetches (toast.tsx): react-toastify, with a container whose toasts are
// read once.
import { useLayoutEffect, useRef } from 'react';
import { ToastContainer as LibraryContainer, type ToastContainerProps } from 'react-toastify/unstyled';

export { toast } from 'react-toastify/unstyled';

/**
 * react-toastify's container is a polite live region and each toast in it an alert: a live
 * region inside another, which screen readers read two or three times, once more as it leaves
 * (fkhadra/react-toastify#1291). The container's live attributes are taken off once it is
 * drawn (it always draws them with the same values, so React never puts them back); each
 * toast's own role is then the one announcement.
 */
export function ToastContainer(props: ToastContainerProps) {
  const after = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const region = after.current?.previousElementSibling;
    for (const name of ['aria-live', 'aria-atomic', 'aria-relevant']) region?.removeAttribute(name);
  }, []);
  return (
    <>
      <LibraryContainer {...props} />
      <span ref={after} hidden />
    </>
  );
}
