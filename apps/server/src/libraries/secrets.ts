import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

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
