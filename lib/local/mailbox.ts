// The laptop host's dev mailbox: every e-mail the user pool would send (sign-up codes, password
// resets) lands here instead of in a real inbox. Messages are kept in `mailbox.json` under the data
// directory, so they survive a restart, and tests can wait for the next one addressed to someone.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  /** ISO timestamp. */
  created_at: string;
}

export interface WaitOptions {
  /** Only messages created at or after this epoch-milliseconds instant. */
  since?: number;
  /** Default 10 s. */
  timeoutMs?: number;
  match?: (m: MailMessage) => boolean;
}

export interface Mailbox {
  /** Every message, newest first. */
  list(): MailMessage[];
  /** The newest message to `to` (case-insensitive) that satisfies the options, waiting for it if needed. */
  waitFor(to: string, opts?: WaitOptions): Promise<MailMessage>;
}

export interface StoredMailbox extends Mailbox {
  deliver(message: { to: string; subject: string; html: string }): Promise<MailMessage>;
  /** Resolves when every pending write has reached the disk. */
  flush(): Promise<void>;
}

/** Opens the mailbox file (creating nothing until the first message arrives). */
export async function openMailbox(file: string, now: () => Date = () => new Date()): Promise<StoredMailbox> {
  let messages: MailMessage[] = [];
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
    if (Array.isArray(parsed)) messages = parsed.filter(isMessage);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      // A damaged file must not stop the host: keep it aside and start empty.
      await rename(file, `${file}.damaged-${Date.now()}`).catch(() => undefined);
    }
  }
  // Stored oldest first; listed newest first.
  messages.sort((a, b) => a.created_at.localeCompare(b.created_at));

  const events = new EventEmitter();
  events.setMaxListeners(0);
  let writing: Promise<void> = Promise.resolve();

  const persist = (): Promise<void> => {
    const snapshot = JSON.stringify(messages, null, 2);
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        await mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, snapshot);
        await rename(tmp, file);
      });
    return writing;
  };

  const matches = (m: MailMessage, to: string, opts: WaitOptions): boolean =>
    m.to.toLowerCase() === to.toLowerCase() &&
    (opts.since === undefined || Date.parse(m.created_at) >= opts.since) &&
    (!opts.match || opts.match(m));

  return {
    list: () => [...messages].reverse(),

    waitFor(to, opts = {}) {
      const found = [...messages].reverse().find((m) => matches(m, to, opts));
      if (found) return Promise.resolve(found);
      const timeoutMs = opts.timeoutMs ?? 10_000;
      return new Promise<MailMessage>((resolve, reject) => {
        const onMessage = (m: MailMessage): void => {
          if (!matches(m, to, opts)) return;
          clearTimeout(timer);
          events.off('message', onMessage);
          resolve(m);
        };
        const timer = setTimeout(() => {
          events.off('message', onMessage);
          reject(new Error(`No e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        events.on('message', onMessage);
      });
    },

    async deliver({ to, subject, html }) {
      // Strictly increasing timestamps keep "newest first" meaningful within one millisecond.
      const last = messages.at(-1);
      let at = now().getTime();
      if (last && at <= Date.parse(last.created_at)) at = Date.parse(last.created_at) + 1;
      const message: MailMessage = { id: randomUUID(), to, subject, html, created_at: new Date(at).toISOString() };
      messages.push(message);
      await persist();
      events.emit('message', message);
      return message;
    },

    flush: () => writing.catch(() => undefined),
  };
}

function isMessage(value: unknown): value is MailMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return ['id', 'to', 'subject', 'html', 'created_at'].every((k) => typeof m[k] === 'string');
}
