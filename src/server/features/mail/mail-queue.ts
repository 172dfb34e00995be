import type { FastifyBaseLogger } from 'fastify';
import type { Mail, MailTransport } from './mail-transport.ts';

/**
 * What is queued: a mail, or how to write it (a read of the recipient, say) once its turn comes,
 * and again at each retry; null when it is no longer to be sent.
 */
export type MailSource = Mail | (() => Promise<Mail | null>);

export interface Mailer {
  /** Queues a mail and returns at once (whether it was queued): sending never holds up a request. */
  send(source: MailSource, label: string): boolean;
  /** Lets what is queued go out for at most `graceMs`, then stops (the server's shutdown). */
  close(graceMs: number): Promise<void>;
  readonly transport: MailTransport['kind'];
}

interface Item {
  source: MailSource;
  label: string;
  attempt: number;
}

/** Mails waiting beyond this are dropped (and logged): a dead SMTP server must not eat the memory. */
const MAX_QUEUED = 10_000;
/** Mails handed to the transport at once (its pool has as many connections). */
const CONCURRENCY = 2;

/** An SMTP answer in the 5xx range is final (RFC 5321): another try would get the same. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The mail queue of this process: in memory, a few mails at a time, each tried again after
 * each of `retryDelaysMs` when the transport fails for a reason that may pass (a refused
 * connection, a 4xx answer) or the mail could not be written (its read failed). A mail that cannot be sent is logged, never reported to whoever
 * caused it: their write was committed and stays so. Mail waiting at a restart is lost; the
 * forum's mails (a reset link, a notification) are worth little an hour later anyway.
 */
export function createMailer(deps: { transport: MailTransport; log: FastifyBaseLogger; retryDelaysMs: readonly number[] }): Mailer {
  const { transport, log, retryDelaysMs } = deps;
  const ready: Item[] = [];
  const waiting = new Map<Item, NodeJS.Timeout>();
  let active = 0;
  let closing = false;
  let closed = false;
  let idle: (() => void) | null = null;

  const pending = () => ready.length + waiting.size + active;

  const settle = () => {
    if (pending() === 0 && idle) idle();
  };

  const pump = () => {
    while (active < CONCURRENCY && ready.length > 0) {
      const item = ready.shift()!;
      active += 1;
      void attempt(item).finally(() => {
        active -= 1;
        pump();
        settle();
      });
    }
  };

  /** Another try after the next delay, or none: false when the item is given up. */
  const tryAgain = (item: Item): boolean => {
    const delay = retryDelaysMs[item.attempt - 1];
    if (delay === undefined || closing) return false;
    const timer = setTimeout(() => {
      waiting.delete(item);
      ready.push(item);
      pump();
    }, delay);
    waiting.set(item, timer);
    return true;
  };

  const attempt = async (item: Item): Promise<void> => {
    item.attempt += 1;
    let mail: Mail | null;
    try {
      // Written anew at each try: a retry minutes later keeps to what holds then (a ban, say).
      mail = typeof item.source === 'function' ? await item.source() : item.source;
    } catch (error) {
      // Its read failed (the database restarting, say): tried again like a refused delivery.
      if (tryAgain(item)) {
        log.warn({ err: error, mail: item.label, attempt: item.attempt }, 'a mail could not be written yet; it will be tried again');
      } else {
        log.error({ err: error, mail: item.label, attempts: item.attempt }, 'a mail could not be written; it is not sent');
      }
      return;
    }
    if (!mail) return;
    try {
      await transport.deliver(mail);
    } catch (error) {
      if (isPermanent(error) || !tryAgain(item)) {
        log.error({ err: error, mail: item.label, attempts: item.attempt }, 'a mail could not be sent; it is given up');
        return;
      }
      log.warn(
        { err: error, mail: item.label, attempt: item.attempt, retryInMs: retryDelaysMs[item.attempt - 1] },
        'a mail could not be sent yet; it will be tried again',
      );
    }
  };

  return {
    transport: transport.kind,
    send(source, label) {
      if (closed) {
        log.warn({ mail: label }, 'the server is stopping; this mail is not sent');
        return false;
      }
      if (pending() >= MAX_QUEUED) {
        log.error({ mail: label }, 'the mail queue is full; this mail is not sent');
        return false;
      }
      ready.push({ source, label, attempt: 0 });
      pump();
      return true;
    },
    async close(graceMs) {
      closing = true;
      // What waits for a retry gets its last try now rather than after the delay.
      for (const [item, timer] of waiting) {
        clearTimeout(timer);
        ready.push(item);
      }
      waiting.clear();
      pump();
      if (pending() > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (idle = resolve)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(timer);
        if (pending() > 0) log.warn({ unsent: pending() }, 'mail still queued at shutdown is not sent');
      }
      closed = true;
      transport.close();
    },
  };
}
