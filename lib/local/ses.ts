// The laptop's Amazon SES: a loopback server that speaks the part of the SES v2 API the app uses
// (SendEmail with simple content, REST JSON), so the functions send their e-mails with the same
// @aws-sdk/client-sesv2 call as in the cloud, SES_ENDPOINT pointing here. Every message goes to
// the dev mailbox, one copy per recipient. `failNext` makes the next sends fail as SES does when
// it throttles (tests check that a failed send is retried, never doubled).
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { listenOnLoopback, restJsonServer } from './loopback.js';

export interface LocalSes {
  endpoint: string;
  /** The next `count` SendEmail calls answer 429 TooManyRequestsException. */
  failNext(count: number): void;
  /** Messages accepted since start. */
  sent(): number;
  close(): Promise<void>;
}

interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Html?: { Data?: string }; Text?: { Data?: string } } } };
}

const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);

export async function startLocalSes(opts: { deliver: (m: { to: string; subject: string; html: string }) => Promise<unknown>; warn: (m: string, err?: unknown) => void }): Promise<LocalSes> {
  let failures = 0;
  let accepted = 0;
  const server: Server = restJsonServer((req, raw, reply) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== '/v2/email/outbound-emails') return reply(404, { message: `Unsupported operation ${req.method} ${path}` }, 'NotFoundException');
      let body: SendEmailBody;
      try {
        body = JSON.parse(raw.toString('utf8') || '{}') as SendEmailBody;
      } catch {
        return reply(400, { message: 'Malformed JSON' }, 'BadRequestException');
      }
      const to = body.Destination?.ToAddresses ?? [];
      const simple = body.Content?.Simple;
      if (!body.FromEmailAddress || !to.length || !simple?.Subject?.Data || !(simple.Body?.Html?.Data || simple.Body?.Text?.Data)) {
        return reply(400, { message: 'FromEmailAddress, Destination.ToAddresses and Content.Simple (subject and body) are required' }, 'BadRequestException');
      }
      if (failures > 0) {
        failures--;
        return reply(429, { message: 'Maximum sending rate exceeded.' }, 'TooManyRequestsException');
      }
      const html = simple.Body?.Html?.Data ?? `<pre>${escapeText(simple.Body?.Text?.Data ?? '')}</pre>`;
      const subject = simple.Subject.Data;
      Promise.all(to.map((address) => opts.deliver({ to: address, subject, html }))).then(
        () => {
          accepted++;
          reply(200, { MessageId: randomUUID() });
        },
        (err: unknown) => {
          opts.warn('The dev mailbox refused a message', err);
          reply(500, { message: 'Internal failure' }, 'InternalFailure');
        },
      );
  });
  const { endpoint, close } = await listenOnLoopback(server);
  return {
    endpoint,
    failNext(count) {
      failures = count;
    },
    sent: () => accepted,
    close,
  };
}
