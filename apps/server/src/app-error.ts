import type { FailureCode } from '@portal/shared/errors/error-codes';

/** A rejection with a catalogue code; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: FailureCode,
    readonly data: Record<string, unknown> | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(`AppError ${code}`);
  }
}
