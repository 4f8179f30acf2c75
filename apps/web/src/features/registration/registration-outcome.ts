/**
 * What a finished registration leaves behind for the tab's life, keyed by its link: the link is used
 * up by then, so a reload or the browser's Back shows this again rather than "no longer valid".
 */
export interface RegistrationOutcome {
  enterpriseName: string | null;
  enterpriseDomain: string | null;
  /** An existing account joined the company: nothing new was registered. */
  joined: boolean;
  /** The email the new account gave: unproven, so it signs in to nothing until a code proves it. */
  unprovenEmail: string | null;
}

const keyOf = (referralId: string) => `registration-done:${referralId}`;

function isOutcome(value: unknown): value is RegistrationOutcome {
  const v = value as Partial<RegistrationOutcome> | null;
  const nullableText = (x: unknown) => x === null || typeof x === 'string';
  return (
    typeof v === 'object' &&
    v !== null &&
    nullableText(v.enterpriseName) &&
    nullableText(v.enterpriseDomain) &&
    nullableText(v.unprovenEmail) &&
    typeof v.joined === 'boolean'
  );
}

export function readOutcome(referralId: string): RegistrationOutcome | null {
  const text = window.sessionStorage.getItem(keyOf(referralId));
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isOutcome(value) ? value : null;
  } catch {
    // not ours, or cut off: as if nothing had been stored
    return null;
  }
}

export function writeOutcome(referralId: string, outcome: RegistrationOutcome): void {
  window.sessionStorage.setItem(keyOf(referralId), JSON.stringify(outcome));
}
