import type { Language } from '@portal/shared/constants';
import { translate } from '@portal/shared/locales/catalog';
import type { AppContext } from '../../context.ts';
import type { OutgoingMessage } from '../../messaging/messenger.ts';
import type { UserRow } from '../../queries/users.ts';
import { approximatePlace, describeDevice } from '../platform/devices.ts';

/**
 * The events a person is told about, by email or SMS, so that a change they did not make does not go
 * unnoticed: a sign-in from a device they have not used before, a new password (changed or reset), a
 * phone verified for the first time, a new phone or email, two-step sign-in turned off, a passkey added, the other sessions signed out,
 * repeated wrong re-authentications in a signed-in session (someone may hold the session), and a right
 * first step of a sign-in followed by a wrong two-step code (someone may know the password); and, to
 * each administrator of a company, a new API key of the company.
 */
export type SecurityEventKind =
  | 'new-device'
  | 'password-changed'
  | 'password-reset'
  | 'phone-verified'
  | 'phone-changed'
  | 'email-changed'
  | 'two-step-off'
  | 'passkey-added'
  | 'other-sessions-signed-out'
  | 'reauthentication-wrong'
  | 'two-step-code-wrong'
  | 'api-key-created';

/** The request that made the change, and what it replaced. */
export interface SecurityEventDetails {
  /** When it happened (epoch ms); now when absent. */
  at?: number;
  /** The client's address (told as its network only) and `User-Agent` (told as browser and system). */
  ip?: string | null;
  userAgent?: string | null;
  /** `phone-changed`: the verified phone it replaced, which is told too (by SMS). */
  previousPhone?: string | null;
  /** `email-changed`: the verified email it replaced, which is told too. */
  previousEmail?: string | null;
  /** `api-key-created`: the name the administrator gave the key. */
  keyName?: string;
}

/** The user as it is after the change: where the notification goes, and in which language. */
export type NotifiedUser = Pick<UserRow, 'phone' | 'phone_certified' | 'email' | 'email_verified' | 'lang_code'>;

const TEXT_KEYS: Record<SecurityEventKind, string> = {
  'new-device': 'notices.newDevice',
  'password-changed': 'notices.passwordChanged',
  'password-reset': 'notices.passwordReset',
  'phone-verified': 'notices.phoneVerified',
  'phone-changed': 'notices.phoneChanged',
  'email-changed': 'notices.emailChanged',
  'two-step-off': 'notices.twoStepOff',
  'passkey-added': 'notices.passkeyAdded',
  'other-sessions-signed-out': 'notices.otherSessionsSignedOut',
  'reauthentication-wrong': 'notices.reauthenticationWrong',
  'two-step-code-wrong': 'notices.twoStepCodeWrong',
  'api-key-created': 'notices.apiKeyCreated',
};

/** `138****0000`: enough for the owner to recognise the number. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** `u***@example.com`: the domain and the first character. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${[...email][0]}***${email.slice(at)}` : '***';
}

const PORTAL_TIME_ZONE = 'Asia/Shanghai';

/**
 * The time in the recipient's language, in China time like every date of the portal. A Chinese reader
 * takes that zone for granted; any other is told it once, by name, after the time (`Intl`'s own zone
 * field would put an opaque "GMT+8" in the middle of a Chinese or Japanese date).
 */
export function formatNoticeTime(lang: Language, at: number): string {
  const time = new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: PORTAL_TIME_ZONE,
  }).format(at);
  if (lang === 'zh-CN') return time;
  const zone = new Intl.DateTimeFormat(lang, { timeZone: PORTAL_TIME_ZONE, timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  if (!zone) return time;
  return lang === 'ja-JP' ? `${time}（${zone}）` : `${time} (${zone})`;
}

function deviceText(lang: Language, userAgent: string | null): string {
  const { browser, os } = describeDevice(userAgent);
  return [browser, os].filter(Boolean).join(', ') || translate(lang, 'notices.unknownDevice');
}

function placeText(lang: Language, ip: string | null): string {
  const { network, local } = approximatePlace(ip);
  if (local) return translate(lang, 'notices.localNetwork');
  // the word "network" goes with the place, not the sentence: "local network" has it already
  return network ? translate(lang, 'notices.network', { network }) : translate(lang, 'notices.unknownPlace');
}

/** Where a notification of this user goes: the verified email if there is one, else the verified phone. */
function primaryAddress(user: NotifiedUser): Pick<OutgoingMessage, 'channel' | 'to'> | null {
  if (user.email && user.email_verified) return { channel: 'email', to: user.email };
  if (user.phone && user.phone_certified) return { channel: 'sms', to: user.phone };
  return null;
}

/**
 * Tells the person about a security event, in their language (`users.lang_code`): by email to their
 * verified email, else by SMS to their verified phone; a replaced phone or email is told as well, since
 * its owner may be the one who did not make the change. The text names the time, the device (browser
 * and system) and the network of the address, never a secret (no code, no password, no token).
 *
 * The messages are written to the outbox and sent after the answer, with its retries: this never
 * waits for a provider, never fails the request that triggered it, and never throws.
 */
export function notifySecurityEvent(
  ctx: AppContext,
  user: NotifiedUser,
  kind: SecurityEventKind,
  details: SecurityEventDetails = {},
): void {
  try {
    const messenger = ctx.messenger;
    if (!messenger) return;
    const lang = user.lang_code;
    const recipients: Pick<OutgoingMessage, 'channel' | 'to'>[] = [];
    const primary = primaryAddress(user);
    if (primary) recipients.push(primary);
    if (details.previousPhone && details.previousPhone !== user.phone) {
      recipients.push({ channel: 'sms', to: details.previousPhone });
    }
    if (details.previousEmail && details.previousEmail !== user.email) {
      recipients.push({ channel: 'email', to: details.previousEmail });
    }
    if (!recipients.length) return;
    const text = translate(lang, TEXT_KEYS[kind], {
      time: formatNoticeTime(lang, details.at ?? ctx.now()),
      device: deviceText(lang, details.userAgent ?? null),
      place: placeText(lang, details.ip ?? null),
      phone: user.phone ? maskPhone(user.phone) : '',
      email: user.email ? maskEmail(user.email) : '',
      name: details.keyName ?? '',
    });
    const subject = translate(lang, 'notices.subject');
    for (const recipient of recipients) {
      messenger.send({ ...recipient, subject, text, purpose: 'notice' }).catch((error: unknown) => {
        ctx.log.error({ err: error, notice: kind, channel: recipient.channel }, 'security notice not queued');
      });
    }
  } catch (error) {
    ctx.log.error({ err: error, notice: kind }, 'security notice not queued');
  }
}
