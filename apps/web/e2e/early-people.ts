import type { APIRequestContext, Page } from '@playwright/test';
import { type Person, newMember } from './people';

/**
 * A phone gets one code a minute (contract), and signing a person up spends one. A flow that needs
 * a new code for an existing person therefore asks for that person early, and waits only for what
 * is left of the minute. The people are kept for the worker, so a later spec file finds its person
 * aged already.
 */
const CODE_COOLDOWN_MS = 61_000;

/** The people the specs ask for early, by the name they are created with. */
const EARLY_PEOPLE = {
  resetsByPhone: 'Phone Resetter',
  joinsSecondCompany: 'Existing Member',
} as const;
type EarlyPerson = keyof typeof EARLY_PEOPLE;

const people = new Map<EarlyPerson, Promise<{ person: Person; codeSentAt: number }>>();

/** A new member of the demo company, created once per worker. */
export function earlyMember(request: APIRequestContext, key: EarlyPerson) {
  let entry = people.get(key);
  if (!entry) {
    entry = newMember(request, 'demo', EARLY_PEOPLE[key]).then((person) => ({ person, codeSentAt: Date.now() }));
    // a failed creation is not remembered: the next caller tries again
    entry.catch(() => people.delete(key));
    people.set(key, entry);
  }
  return entry;
}

/** Creates every early person not created yet: the first spec file to run starts all their minutes. */
export async function startEarlyPeople(request: APIRequestContext) {
  for (const key of Object.keys(EARLY_PEOPLE) as EarlyPerson[]) await earlyMember(request, key);
}

/** Waits until the person's phone may receive a code again. */
export async function waitForCodeCooldown(page: Page, codeSentAt: number) {
  const wait = codeSentAt + CODE_COOLDOWN_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}
