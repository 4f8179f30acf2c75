import { z } from 'zod';
import { recentPasskeysSchema } from './fresh-proof.ts';
import { cursorQuerySchema, nextCursorSchema } from './paging.ts';

/** "My sessions" in the personal centre: the person's own live sessions, and ending them. */

/** What the server makes of a session's `User-Agent`: browser and system with their major versions. */
export const sessionDeviceSchema = z.object({
  /** `Chrome 126`; null when the client did not say. */
  browser: z.string().nullable(),
  /** `Windows 10`; null when the client did not say. */
  os: z.string().nullable(),
  type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
});
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

/** One live session of `GET F/personal/sessions`. */
export const mySessionSchema = z.object({
  id: z.number().int(),
  device: sessionDeviceSchema,
  /** The network of the address it was opened from, never the address: `203.0.113.*` (IPv4 /24) or
   *  `2001:db8:1::/48` (IPv6 /48); null when unknown (sessions older than the record of addresses). */
  ip: z.string().nullable(),
  /** `local` for a loopback or private address (the local network); absent otherwise, as there is no
   *  geolocation. */
  place: z.literal('local').optional(),
  /** ISO 8601: when it was opened (the sign-in), and its last request (to the minute). */
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySessionSchema>;

export const MY_SESSIONS_PAGE_SIZE_DEFAULT = 20;
export const MY_SESSIONS_PAGE_SIZE_MAX = 100;

/** `GET F/personal/sessions?cursor=&pageSize=` */
export const mySessionsQuerySchema = z.strictObject({
  cursor: cursorQuerySchema,
  pageSize: z.coerce.number().int().min(1).max(MY_SESSIONS_PAGE_SIZE_MAX).default(MY_SESSIONS_PAGE_SIZE_DEFAULT),
});
export type MySessionsQuery = z.infer<typeof mySessionsQuerySchema>;

/** `GET F/personal/sessions`: a page, newest sign-in first, and how many live sessions there are in all. */
export const mySessionsSchema = z.object({
  items: z.array(mySessionSchema),
  total: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type MySessionsPage = z.infer<typeof mySessionsSchema>;

/** `POST F/personal/sessions/revoke` */
export const revokeSessionRequestSchema = z.strictObject({
  id: z.number({ error: 'validation.invalidValue' }).int().positive().max(2_147_483_647),
});
export type RevokeSessionRequest = z.infer<typeof revokeSessionRequestSchema>;

/** The answer of `POST F/personal/sessions/revoke`: whether it was the caller's own session (signed out). */
export const revokeSessionResponseSchema = z.object({ current: z.boolean() });
export type RevokeSessionResponse = z.infer<typeof revokeSessionResponseSchema>;

/** `POST F/personal/sessions/revoke-others`: how many sessions ended, and the passkeys added lately,
 *  which one of those sessions may have planted. */
export const revokeOtherSessionsResponseSchema = z.object({
  revoked: z.number().int(),
  recentPasskeys: recentPasskeysSchema,
});
export type RevokeOtherSessionsResponse = z.infer<typeof revokeOtherSessionsResponseSchema>;
