// The e-mails the functions send themselves (Cognito sends its own): Amazon SES v2's SendEmail in
// both hosts. In the cloud the client uses the function's role and the sender is the SES identity
// of the deployment (MAIL_FROM); on the laptop SES_ENDPOINT points at the host's SES stand-in
// (lib/local/ses.ts), which puts the message in the dev mailbox.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config.js';

let client: { ses: SESv2Client; endpoint: string | undefined } | undefined;

function ses(): SESv2Client {
  const c = config();
  // A laptop host started again (tests) has a new endpoint: the client follows it.
  if (!client || client.endpoint !== c.SES_ENDPOINT) {
    client?.ses.destroy();
    client = { ses: new SESv2Client({ region: c.AWS_REGION, endpoint: c.SES_ENDPOINT, maxAttempts: 3 }), endpoint: c.SES_ENDPOINT };
  }
  return client.ses;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The configured sender, or null when this deployment sends no e-mail of its own. */
export const mailSender = (): string | null => config().MAIL_FROM ?? null;

/** Sends one message; returns SES's message id. */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const from = mailSender();
  if (!from) throw new Error('MAIL_FROM is not configured');
  const out = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: `Révise <${from}>`,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  return out.MessageId ?? '';
}

