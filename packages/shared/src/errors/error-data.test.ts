import { describe, expect, expectTypeOf, it } from 'vitest';
import { failureEnvelopeSchema } from '../api/envelope.ts';
import { ErrorCode, isKnownErrorCode } from './error-codes.ts';
import { type CodeWithoutRequiredData, FAILURE_DATA, type Failure, type FailureDataOf } from './error-data.ts';

const rejection = (code: number, data: unknown) => ({ code, msg: 'message', data });

describe('the details of each code', () => {
  it('are declared for catalogue codes only', () => {
    expect(
      Object.keys(FAILURE_DATA)
        .map(Number)
        .filter((code) => !isKnownErrorCode(code)),
    ).toEqual([]);
  });

  it("hold a rejection to its own code's details, whichever codes its schema takes", () => {
    const schema = failureEnvelopeSchema([ErrorCode.BadRequest, ErrorCode.PhoneBound, ErrorCode.InvalidCredentials]);
    const accepted = [
      rejection(ErrorCode.BadRequest, { fields: { phone: 'validation.phoneFormat' } }),
      rejection(ErrorCode.BadRequest, null),
      rejection(ErrorCode.PhoneBound, { boundTo: null }),
      rejection(ErrorCode.PhoneBound, { boundTo: { nickname: '张*', account: null } }),
      rejection(ErrorCode.InvalidCredentials, null),
    ];
    expect(accepted.filter((answer) => !schema.safeParse(answer).success)).toEqual([]);
    const refused = [
      rejection(ErrorCode.BadRequest, { fields: { phone: 1 } }),
      // another code's details
      rejection(ErrorCode.PhoneBound, { fields: {} }),
      rejection(ErrorCode.PhoneBound, null),
      rejection(ErrorCode.InvalidCredentials, { boundTo: null }),
      // a code the schema does not take
      rejection(ErrorCode.TooManyAttempts, { retryAfterSeconds: 5 }),
    ];
    expect(refused.filter((answer) => schema.safeParse(answer).success)).toEqual([]);
  });

  it('are the waits, the refused fields and the reasons the clients read', () => {
    expectTypeOf<FailureDataOf<typeof ErrorCode.BadRequest>>().toEqualTypeOf<{
      fields: Record<string, string>;
    } | null>();
    expectTypeOf<FailureDataOf<typeof ErrorCode.TooManyAttempts>>().toEqualTypeOf<{ retryAfterSeconds: number }>();
    expectTypeOf<FailureDataOf<typeof ErrorCode.SmsBusy>>().toEqualTypeOf<{
      retryAfterSeconds: number;
      cooldownSeconds?: number | undefined;
    }>();
    expectTypeOf<FailureDataOf<typeof ErrorCode.Forbidden>>().toEqualTypeOf<{ reason: 'lastAdmin' } | null>();
    expectTypeOf<FailureDataOf<typeof ErrorCode.InvalidCredentials>>().toEqualTypeOf<null>();
    // a code that may carry nothing may be thrown without details; one whose details say something may not
    expectTypeOf<typeof ErrorCode.BadRequest>().toExtend<CodeWithoutRequiredData>();
    expectTypeOf<typeof ErrorCode.TooManyAttempts>().not.toExtend<CodeWithoutRequiredData>();
    expectTypeOf<typeof ErrorCode.PhoneBound>().not.toExtend<CodeWithoutRequiredData>();
  });

  it('make a rejection with details of another code a type error', () => {
    const answers: Failure[] = [
      { code: ErrorCode.TooManyAttempts, msg: '', data: { retryAfterSeconds: 3 } },
      // @ts-expect-error: the wait is in seconds, under its own name
      { code: ErrorCode.TooManyAttempts, msg: '', data: { retryAfterMs: 3000 } },
      // @ts-expect-error: 1000400 names its fields under `fields`
      { code: ErrorCode.BadRequest, msg: '', data: { phone: 'validation.phoneFormat' } },
      // @ts-expect-error: 1009117 carries nothing
      { code: ErrorCode.InvalidCredentials, msg: '', data: { fields: {} } },
    ];
    expect(answers).toHaveLength(4);
  });
});
