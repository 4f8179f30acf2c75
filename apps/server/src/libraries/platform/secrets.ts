import { createCipheriv, createDecipheriv, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque secret for a session token (256 bits) or an invitation id (at least 128 bits). */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Only this hash is stored: a leaked table gives no usable token. The one-shot hash: every request
 *  hashes its token, and a Hash object per request was a measurable share of a session read. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const SEALED_PREFIX = 'v1:';

/** AES-256-GCM with `key`, or the text as it is without one. A stored value says which it is, so that
 *  a key set later still reads the values stored before. */
export function seal(key: Buffer | null, text: string): string {
  if (!key) return text;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The text of a value `seal` stored; `keyName` names the missing setting in the error. */
export function unseal(key: Buffer | null, stored: string, keyName: string): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  if (!key) throw new Error(`A stored secret is encrypted, and ${keyName} is not set`);
  const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
