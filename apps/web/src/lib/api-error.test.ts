import { describe, expect, expectTypeOf, it } from 'vitest';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ErrorHandlers } from './api-client';
import { ApiError } from './api-error';

describe('ApiError', () => {
  it('types the details by the code a screen narrows on', () => {
    const caught: unknown = new ApiError(ErrorCode.SmsBusy, 'busy', { retryAfterSeconds: 42, cooldownSeconds: 42 });
    expect(caught).toBeInstanceOf(ApiError);
    if (!(caught instanceof ApiError)) return;
    expectTypeOf(caught.data).toBeUnknown();
    if (caught.code === ErrorCode.SmsBusy) {
      expectTypeOf(caught.data).toEqualTypeOf<{ retryAfterSeconds: number; cooldownSeconds?: number | undefined }>();
      expect(caught.data.cooldownSeconds ?? caught.data.retryAfterSeconds).toBe(42);
    }
    if (caught.code === ErrorCode.BadRequest) {
      expectTypeOf(caught.data).toEqualTypeOf<{ fields: Record<string, string> } | null>();
    }
    if (caught.code === ErrorCode.InvalidCredentials) expectTypeOf(caught.data).toBeNull();
  });

  it("gives each handler its own code's details", () => {
    const handlers: ErrorHandlers<typeof ErrorCode.TooManyAttempts | typeof ErrorCode.PhoneBound> = {
      [ErrorCode.TooManyAttempts]: (error) => expectTypeOf(error.data).toEqualTypeOf<{ retryAfterSeconds: number }>(),
      [ErrorCode.PhoneBound]: (error) => expectTypeOf(error.data.boundTo).toExtend<object | null>(),
    };
    expect(Object.keys(handlers)).toHaveLength(2);
  });

  it('makes details of another shape than their code declares a type error', () => {
    const made = [
      new ApiError(ErrorCode.TooManyAttempts, 'wait', { retryAfterSeconds: 5 }),
      new ApiError(ErrorCode.InvalidCredentials, 'wrong'),
      new ApiError(null, 'Network Error'),
      // @ts-expect-error: a refusal by a limit says its wait
      new ApiError(ErrorCode.SmsBusy, 'busy', { cooldownSeconds: 42 }),
      // @ts-expect-error: 1009117 carries nothing
      new ApiError(ErrorCode.InvalidCredentials, 'wrong', { fields: {} }),
      // @ts-expect-error: 1009106 always says who holds the phone
      new ApiError(ErrorCode.PhoneBound, 'bound'),
    ];
    expect(made.map((error) => error.name)).toEqual(Array(6).fill('ApiError'));
  });
});
