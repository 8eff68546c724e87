// Settings that the CDK stack and the laptop host must agree on: the user pool's sign-in and
// password rules, and the uploads bucket's CORS rule. Each exists once, here.

export const userPoolSettings = {
  /** Students sign in with their e-mail address. */
  usernameAttributes: ['email'] as const,
  autoVerifiedAttributes: ['email'] as const,
  /** Spec §5 and §9: sign-up password minimum 6 characters; no class requirements. */
  passwordMinLength: 6,
  /** Cognito sign-up codes are 6 digits, valid 24 h (spec §9). */
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
