import type { VerifiedPhone } from './verify-phone-step';

/**
 * How far a person got with one invitation link, kept for the tab's life: a reload or the browser's
 * Back must not cost them the checked code, which could only be sent again after the cooldown.
 */
export interface RegistrationProgress {
  /** The phone typed in step 2, offered again when the person returns there. */
  phone: string;
  /** Step 2's result; absent until the code has been checked, and again once its ticket was refused. */
  verified?: VerifiedPhone;
}

const keyOf = (referralId: string) => `registration:${referralId}`;

function isVerifiedPhone(value: unknown): value is VerifiedPhone {
  const v = value as Partial<VerifiedPhone> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.phone === 'string' &&
    typeof v.ticket === 'string' &&
    typeof v.registered === 'boolean' &&
    typeof v.joined === 'boolean'
  );
}

function parse(text: string): RegistrationProgress | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // not ours, or cut off: as if nothing had been stored
    return null;
  }
  const { phone, verified } = (value ?? {}) as { phone?: unknown; verified?: unknown };
  if (typeof phone !== 'string') return null;
  return isVerifiedPhone(verified) ? { phone, verified } : { phone };
}

export function readProgress(referralId: string): RegistrationProgress {
  const text = window.sessionStorage.getItem(keyOf(referralId));
  return (text === null ? null : parse(text)) ?? { phone: '' };
}

export function writeProgress(referralId: string, progress: RegistrationProgress): void {
  window.sessionStorage.setItem(keyOf(referralId), JSON.stringify(progress));
}

/** Registered, or the link is dead: nothing is left to come back to. */
export function clearProgress(referralId: string): void {
  window.sessionStorage.removeItem(keyOf(referralId));
}
