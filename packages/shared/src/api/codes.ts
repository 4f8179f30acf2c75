import { z } from 'zod';
import { requestString } from '../validation/rules.ts';

export const CODE_SCENES = ['login', 'register', 'reset', 'bind', 'certify'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

const scene = z.enum(CODE_SCENES, { error: 'validation.invalidValue' });
/** Formats are checked by the call itself: `send-email` answers a bad email with 1009127, not 1000400. */
const loose = requestString({ trim: true }).max(254);

/** `POST F/sendSms` */
export const sendSmsRequestSchema = z.strictObject({ phone: loose, scene });
/** `POST F/send-email` */
export const sendEmailRequestSchema = z.strictObject({ email: loose, scene });
export const sendCodeResponseSchema = z.object({ cooldownSeconds: z.number() });

/** `POST F/checkCode` */
export const checkPhoneCodeRequestSchema = z.strictObject({ phone: loose, code: loose, scene });
/** `POST F/email/checkCode` */
export const checkEmailCodeRequestSchema = z.strictObject({ email: loose, code: loose, scene });
export const ticketResponseSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type TicketResponse = z.infer<typeof ticketResponseSchema>;
