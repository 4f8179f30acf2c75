import type { FailureCode } from '@portal/shared/errors/error-codes';

/** A rejection with a catalogue code; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: FailureCode,
    readonly data: Record<string, unknown> | null = null,
    readonly headers: Record<string, string> = {},
    /** Only where the contract gives a business code another status (1009108 over the limits: 429). */
    readonly status?: number,
  ) {
    super(`AppError ${code}`);
  }
}
