import type { FailureCode } from '@portal/shared/errors/error-codes';
import type { CodeWithoutRequiredData, FailureDataOf } from '@portal/shared/errors/error-data';

interface AppErrorOptions {
  retryAfterMs?: number;
}

/** The details a rejection with `C` takes (errors/error-data.ts): optional where the code may carry none. */
type DataArguments<C extends FailureCode> = [C] extends [CodeWithoutRequiredData]
  ? [data?: FailureDataOf<C>, options?: AppErrorOptions]
  : [data: FailureDataOf<C>, options?: AppErrorOptions];

/**
 * A rejection with a catalogue code and the details of that code. It says nothing of HTTP: the error
 * handler (plugins/envelope.ts) turns it into the envelope and chooses the status and headers.
 */
export class AppError<C extends FailureCode = FailureCode> extends Error {
  readonly data: FailureDataOf<C>;
  /** How long the client is asked to wait before it tries again: a limit's wait, or a refusal of the
   *  moment (an overload); absent when trying again changes nothing. */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly code: C,
    ...[data, options = {}]: DataArguments<C>
  ) {
    super(`AppError ${code}`);
    this.data = (data ?? null) as FailureDataOf<C>;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A wait in whole seconds, rounded up, as `Retry-After` and `data.retryAfterSeconds` say it. */
export function secondsToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
