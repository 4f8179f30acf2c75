import { ErrorCode } from '../../errors/error-codes.ts';
import {
  checkEmailCodeRequestSchema,
  checkPhoneCodeRequestSchema,
  sendCodeResponseSchema,
  sendEmailRequestSchema,
  sendSmsRequestSchema,
  ticketResponseSchema,
} from '../codes.ts';
import { defineCall } from './define.ts';
import { FRONT_PREFIX as F } from './prefixes.ts';

const SEND_LIMITS =
  'Limits per target: 1 per 60 s (`data.cooldownSeconds` tells the wait), 5 per hour, 10 per day; per signed-in account 10 per hour; per IP 600 per hour. Beyond: 1009108 with HTTP 429, Retry-After and `data.retryAfterSeconds` (and `data.cooldownSeconds` while the target waits), besides the request-rate limit of any call (1000429). Beyond 20 anonymous sends per IP and hour each send needs a proof of work: 1009180 with an ALTCHA challenge in `data.challenge`, whose solution (the base64 ALTCHA payload) the next request carries in the `X-Proof-Of-Work` header; a wrong, expired or reused one is 1009181. A `login`/`reset` code to an unknown target answers success and sends nothing.';

const SEND_REFUSALS = [ErrorCode.SmsBusy, ErrorCode.ProofOfWorkRequired, ErrorCode.ProofOfWorkInvalid] as const;

/** Verification codes by SMS and email, and the tickets that prove a phone or email. */
export const codeCalls = {
  sendSms: defineCall({
    method: 'POST',
    path: `${F}/sendSms`,
    audience: 'anonymous',
    // a signed-in sender's sends count by the account
    session: 'optional',
    // an uncertified account may still ask for its certification code after the cut-off
    beforeAccountSettled: true,
    tag: 'codes',
    summary: 'Send a 6-digit code by SMS',
    description: `${SEND_LIMITS} After the cut-off date, a signed-in account without a verified phone may ask only for a \`certify\` code (1009130 otherwise).`,
    body: sendSmsRequestSchema,
    response: sendCodeResponseSchema,
    errors: [...SEND_REFUSALS, ErrorCode.PhoneVerificationRequired],
  }),

  sendEmail: defineCall({
    method: 'POST',
    path: `${F}/send-email`,
    audience: 'anonymous',
    // a signed-in sender's sends count by the account; any session may still ask, as before
    session: 'optional',
    beforeAccountSettled: true,
    tag: 'codes',
    summary: 'Send a 6-digit code by email',
    description: `${SEND_LIMITS} 1009127 for a malformed email, 1009128 for an empty one.`,
    body: sendEmailRequestSchema,
    response: sendCodeResponseSchema,
    errors: [...SEND_REFUSALS, ErrorCode.EmailFormat, ErrorCode.EmailEmpty],
  }),

  checkPhoneCode: defineCall({
    method: 'POST',
    path: `${F}/checkCode`,
    audience: 'anonymous',
    tag: 'codes',
    summary: 'Check a phone code and get a 15-minute ticket proving the phone',
    description:
      'Consumes the code. 1009104 (1008108 for the `register` scene) when wrong; five wrong tries kill the code.',
    body: checkPhoneCodeRequestSchema,
    response: ticketResponseSchema,
    errors: [ErrorCode.CodeInvalid, ErrorCode.RegisterCodeInvalid],
  }),

  checkEmailCode: defineCall({
    method: 'POST',
    path: `${F}/email/checkCode`,
    audience: 'anonymous',
    tag: 'codes',
    summary: 'Check an email code and get a 15-minute ticket proving the email',
    description:
      'Consumes the code. 1009104 (1008108 for the `register` scene) when wrong; five wrong tries kill the code. 1009127 for a malformed email, 1009128 for an empty one.',
    body: checkEmailCodeRequestSchema,
    response: ticketResponseSchema,
    errors: [ErrorCode.CodeInvalid, ErrorCode.RegisterCodeInvalid, ErrorCode.EmailFormat, ErrorCode.EmailEmpty],
  }),
};
