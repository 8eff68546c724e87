// The e-mails Révise sends through Cognito: the sign-up code (with a link that submits it) and
// the password-reset link. The cloud CustomMessage trigger and the laptop host's mailbox both
// render them here, so a student reads the same message in both hosts.
import type { Lang } from './errors.js';

export type EmailKind = 'signup' | 'resend' | 'forgot_password';

export interface EmailInput {
  kind: EmailKind;
  /** The code itself, or Cognito's `{####}` placeholder which Cognito replaces. */
  code: string;
  email: string;
  appUrl: string;
  lang: Lang;
}

export interface RenderedEmail {
  subject: string;
  html: string;
}

const texts = {
  fr: {
    signupSubject: 'Révise : ton code de vérification',
    signupIntro: 'Bienvenue sur Révise ! Voici ton code de vérification (valable 24 h) :',
    signupLink: 'Ou clique sur ce lien pour vérifier ton adresse',
    resetSubject: 'Révise : réinitialisation de ton mot de passe',
    resetIntro: 'Tu as demandé à réinitialiser ton mot de passe. Ce lien est valable 1 heure :',
    resetLink: 'Choisir un nouveau mot de passe',
    ignore: "Si tu n'es pas à l'origine de cette demande, ignore ce message.",
  },
  en: {
    signupSubject: 'Révise: your verification code',
    signupIntro: 'Welcome to Révise! Here is your verification code (valid for 24 hours):',
    signupLink: 'Or click this link to verify your address',
    resetSubject: 'Révise: reset your password',
    resetIntro: 'You asked to reset your password. This link is valid for 1 hour:',
    resetLink: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this message.',
  },
} as const;

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Query values are encoded, except Cognito's code placeholder, which must stay literal. */
const q = (value: string): string => (value === '{####}' ? value : encodeURIComponent(value));

export function renderEmail(input: EmailInput): RenderedEmail {
  const t = texts[input.lang];
  const base = input.appUrl.replace(/\/+$/, '');
  if (input.kind === 'forgot_password') {
    const link = `${base}/reset-password?code=${q(input.code)}&email=${q(input.email)}`;
    return {
      subject: t.resetSubject,
      html: `<p>${t.resetIntro}</p><p><a href="${escapeHtml(link)}">${t.resetLink}</a></p><p>${t.ignore}</p>`,
    };
  }
  const link = `${base}/?verification_code=${q(input.code)}&email=${q(input.email)}`;
  return {
    subject: t.signupSubject,
    html: `<p>${t.signupIntro}</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(input.code)}</p><p><a href="${escapeHtml(link)}">${t.signupLink}</a></p><p>${t.ignore}</p>`,
  };
}
