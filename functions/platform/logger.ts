// Structured JSON logs. Request bodies, tokens and course text are never logged: callers pass
// identifiers and counts only, and the redaction list below is a safety net.
import { pino } from 'pino';
import { logLevel } from './config.js';

export const logger = pino({
  level: logLevel(),
  base: { service: 'revise' },
  redact: {
    paths: ['authorization', 'headers.authorization', 'body', 'password', 'token', '*.password', '*.token', 'text', 'text_content'],
    censor: '[redacted]',
  },
});
