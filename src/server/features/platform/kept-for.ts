/**
 * A value computed at most once per `ttlMs` in this process, whatever is written meanwhile;
 * readers that ask while it is being computed share that computation. For answers that may
 * be a little old but are dear to compute (the sitemap): the read cache would recompute them
 * after every vote.
 */
export function keptFor<T>(ttlMs: number, compute: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let kept: { value: Promise<T>; until: number } | null = null;
  return () => {
    const time = now();
    if (!kept || time >= kept.until) {
      const value = compute();
      const entry = { value, until: time + ttlMs };
      kept = entry;
      // A failure is not kept: the next reader tries again.
      value.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return kept.value;
  };
}
