/** However slow a stylesheet is, the page does not wait longer than this for it. */
const MAX_WAIT_MS = 3000;

/** Settles once every stylesheet the page links (and has enabled) is loaded or has failed. */
export function stylesheetsLoaded(): Promise<void> {
  const pending = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).filter(
    (link) => !link.disabled && link.sheet === null,
  );
  if (pending.length === 0) return Promise.resolve();
  const loaded = Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          // A stylesheet that fails leaves the page as its inline rules drew it.
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
  return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS))]).then(() => undefined);
}
