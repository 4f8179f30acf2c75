import type { FailureCode } from '@portal/shared/errors/error-codes';

/**
 * A rejection with a catalogue code. It says nothing of HTTP: the error handler
 * (plugins/envelope.ts) turns it into the envelope and chooses the status and headers.
 */
export class AppError extends Error {
  /** How long the client is asked to wait before it tries again: a limit's wait, or a refusal of the
   *  moment (an overload); absent when trying again changes nothing. */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly code: FailureCode,
    readonly data: Record<string, unknown> | null = null,
    options: { retryAfterMs?: number } = {},
  ) {
    super(`AppError ${code}`);
    this.retryAfterMs = options.retryAfterMs;
  }
}
