// Cognito triggers. CustomMessage writes Révise's own e-mails (the sign-up code with a link that
// submits it, the password-reset link); PostConfirmation creates the student's profile. The
// laptop host runs these same handlers for cognito-local.
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent } from 'aws-lambda';
import { renderEmail, type EmailKind } from '../core/emails.js';
import { toLang } from '../core/errors.js';
import { config } from '../platform/config.js';
import { logger } from '../platform/logger.js';
import { getOrCreateProfile } from '../platform/store/profiles.js';

const kinds: Partial<Record<CustomMessageTriggerEvent['triggerSource'], EmailKind>> = {
  CustomMessage_SignUp: 'signup',
  CustomMessage_ResendCode: 'resend',
  CustomMessage_ForgotPassword: 'forgot_password',
};

export async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const kind = kinds[event.triggerSource];
  if (!kind) return event;
  const email = event.request.userAttributes.email ?? '';
  const lang = toLang(event.request.clientMetadata?.lang ?? event.request.userAttributes.locale);
  const { subject, html } = renderEmail({ kind, code: event.request.codeParameter, email, appUrl: config().APP_URL, lang });
  event.response.emailSubject = subject;
  event.response.emailMessage = html;
  return event;
}

export async function postConfirmation(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const userId = event.request.userAttributes.sub;
  if (!userId) return event;
  const lang = toLang(event.request.clientMetadata?.lang ?? event.request.userAttributes.locale);
  try {
    await getOrCreateProfile(userId, new Date(), lang);
  } catch (err) {
    // The profile is also created on first read: a failure here must not block the sign-up.
    logger.error({ userId, err: err instanceof Error ? err.message : String(err) }, 'profile creation after confirmation failed');
  }
  return event;
}
