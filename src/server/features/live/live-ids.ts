/**
 * Event ids are `<milliseconds>-<sequence>`, the form Redis gives stream entries, so one
 * comparison serves both buses: with REDIS_URL the ids are the stream's (the same on every
 * instance), without it this process makes them the same way. Both parts are compared as
 * numbers; ids keep rising across a restart as long as the clock does.
 */

export type EventId = string;

function parts(id: EventId): [number, number] {
  const dash = id.indexOf('-');
  return [Number(id.slice(0, dash)), Number(id.slice(dash + 1))];
}

/** Negative when a came before b, positive when after, 0 when the same. */
export function compareEventIds(a: EventId, b: EventId): number {
  const [am, as] = parts(a);
  const [bm, bs] = parts(b);
  return am - bm || as - bs;
}

/** Ids for the in-process bus: rising even if the clock steps back. */
export function eventIdMaker(now: () => number = Date.now): () => EventId {
  let lastMs = 0;
  let seq = 0;
  return () => {
    const ms = now();
    if (ms > lastMs) {
      lastMs = ms;
      seq = 0;
    } else {
      seq += 1;
    }
    return `${lastMs}-${seq}`;
  };
}
