// Settings that the CDK stack and the laptop host must agree on: the user pool's sign-in and
// password rules, and the uploads bucket's CORS rule. Each exists once, here.
import { PASSWORD_MIN_LENGTH } from '../functions/core/limits.js';

export const userPoolSettings = {
  /** Students sign in with their e-mail address. */
  usernameAttributes: ['email'] as const,
  autoVerifiedAttributes: ['email'] as const,
  /** Sign-up password minimum (functions/core/limits.ts); no class requirements. */
  passwordMinLength: PASSWORD_MIN_LENGTH,
  /** Cognito sign-up codes are 6 digits, valid 24 h. */
  codeValidityHours: 24,
  clientName: 'revise-web',
  poolName: 'revise-users',
  /** Access and ID tokens live one hour; refresh tokens 30 days. */
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
};

export const uploadsCorsRule = {
  allowedMethods: ['GET', 'PUT', 'POST', 'HEAD'] as const,
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
};
