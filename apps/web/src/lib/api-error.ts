import type { FailureCode } from '@portal/shared/errors/error-codes';
import type { CodeWithoutRequiredData, FailureDataOf } from '@portal/shared/errors/error-data';

/** A catalogue rejection: its code, and the details that code carries (errors/error-data.ts). */
type Rejection<C extends FailureCode> = { [K in C]: { readonly code: K; readonly data: FailureDataOf<K> } }[C];

/** No catalogue code: no envelope arrived (transport failure), or its code is outside the catalogue. */
interface NoCode {
  readonly code: null;
  readonly data: unknown;
}

class RejectedCall extends Error {
  constructor(
    readonly code: FailureCode | null,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A rejected call. `code` is the envelope's catalogue code, or null when there is none; narrowing on
 * `code` types `data`. The user has already been told (or deliberately not told) by the api client.
 */
export type ApiError<C extends FailureCode = FailureCode> = RejectedCall & (Rejection<C> | NoCode);

/** A rejection with one of `C`, as the handler of those codes receives it. */
export type ApiErrorOf<C extends FailureCode> = RejectedCall & Rejection<C>;

export const ApiError = RejectedCall as {
  new <C extends FailureCode | null>(
    code: C,
    message: string,
    ...data: [C] extends [CodeWithoutRequiredData | null]
      ? [data?: C extends FailureCode ? FailureDataOf<C> : unknown]
      : [data: C extends FailureCode ? FailureDataOf<C> : never]
  ): [C] extends [FailureCode] ? ApiErrorOf<C> : ApiError;
  readonly prototype: ApiError;
};
