import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as received: its headers (lower-case names), and its text and HTML parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  /** SMTP_URL of this server (with its user and password). */
  url: string;
  mails: ReceivedMail[];
  /** Refuses the next `count` mails with a temporary failure (451). */
  refuseNext(count: number): void;
  /** How many deliveries it refused so far. */
  refused: number;
  /** Resolves once `count` mails in all have arrived. */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const USER = 'forum';
const PASS = 'mail-secret';

/**
 * A real SMTP server on a free local port (smtp-server), for tests: it asks for the login the
 * URL carries and keeps every mail it accepts, decoded enough to read.
 */
export async function startSmtpSink(options: { onMail?: (mail: ReceivedMail) => void } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<{ count: number; resolve: (mails: ReceivedMail[]) => void }> = [];
  let toRefuse = 0;
  const sink = { refused: 0 } as SmtpSink;

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          sink.refused += 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          ...parseMail(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        mails.push(mail);
        options.onMail?.(mail);
        for (const w of waiters.splice(0)) {
          if (mails.length >= w.count) w.resolve(mails.slice());
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return Object.assign(sink, {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    mails,
    refuseNext(count: number) {
      toRefuse = count;
    },
    waitFor(count: number) {
      if (mails.length >= count) return Promise.resolve(mails.slice());
      return new Promise<ReceivedMail[]>((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

// --- Just enough MIME to read what nodemailer writes -------------------------------------

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: parseHeaders(raw), body: '' };
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)![0].length;
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at + gap) };
}

function collect(part: { headers: Record<string, string>; body: string }, out: { text: string; html: string }): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      collect(splitPart(piece.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  const body = decodeBody(part.body, part.headers['content-transfer-encoding']).replace(/\r\n/g, '\n').replace(/\n$/, '');
  if (type.toLowerCase().startsWith('text/html')) out.html = body;
  else if (type.toLowerCase().startsWith('text/plain')) out.text = body;
}

export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const top = splitPart(raw);
  const out = { text: '', html: '' };
  collect(top, out);
  return { headers: top.headers, subject: top.headers.subject ?? '', text: out.text, html: out.html, raw };
}
