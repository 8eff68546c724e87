// Why a generation failed, whichever provider ran it. A provider throws an EngineError instead of
// its SDK's errors so that the API answers every failure the same way (`generation_failed` or
// `summary_failed`, usage refunded) without knowing which provider is configured. Messages hold
// identifiers and counts, never course text: they end up in the logs.

export const engineErrorKinds = ['throttled', 'invalid_output', 'unavailable', 'exhausted'] as const;
/**
 * - `throttled`: the model service refused for load, and retries did not get through;
 * - `invalid_output`: the model answered, but not with a usable, grounded result;
 * - `unavailable`: the service failed, timed out, or refused the request (access, validation);
 * - `exhausted`: the course has nothing left to ask (every fact of the file already asked in the
 *   session); the API answers `quiz_exhausted`, not a failure.
 */
export type EngineErrorKind = (typeof engineErrorKinds)[number];

export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly kind: EngineErrorKind;
  /** Calls made to the model service before giving up (0 when none was needed). */
  readonly attempts: number;

  constructor(kind: EngineErrorKind, message: string, options: { cause?: unknown; attempts?: number } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.attempts = options.attempts ?? 0;
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}
