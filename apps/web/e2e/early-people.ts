import type { APIRequestContext, Page } from '@playwright/test';
import { type Person, newAdmin, newMember, proveEmail } from './people';
import { type AccountMember, createAccountMember, provePhone } from './portal-api';

/**
 * A phone or email gets one code a minute (contract), and signing a person up spends one of the
 * phone's, as proving the email spends one of the email's. A flow that needs a new code for an
 * existing person therefore asks for that person early, and waits only for what is left of the
 * minute. The people are kept for the worker, so a later spec file finds its person aged already.
 */
const CODE_COOLDOWN_MS = 61_000;

/**
 * The people the specs ask for early: the name they are created with, and whether they prove their
 * email at once (an email given at registration neither signs in nor receives codes until then).
 * The first are created first, so their minutes end first.
 */
const EARLY_PEOPLE = {
  resetsByEmail: { nickname: 'Forgetful Member', provenEmail: true },
  resetsByPhone: { nickname: 'Phone Resetter', provenEmail: false },
  signsInByEmail: { nickname: 'Test Member', provenEmail: true },
  joinsSecondCompany: { nickname: 'Existing Member', provenEmail: false },
} as const;
type EarlyPerson = keyof typeof EARLY_PEOPLE;

/** `codeSentAt`: when the person's last code went out, to the phone or (once proven) to the email. */
const people = new Map<EarlyPerson, Promise<{ person: Person; codeSentAt: number }>>();

async function create(request: APIRequestContext, key: EarlyPerson) {
  const { nickname, provenEmail } = EARLY_PEOPLE[key];
  const person = await newMember(request, 'demo', nickname);
  if (provenEmail) await proveEmail(request, person);
  return { person, codeSentAt: Date.now() };
}

/** A new member of the demo company, created once per worker. */
export function earlyMember(request: APIRequestContext, key: EarlyPerson) {
  let entry = people.get(key);
  if (!entry) {
    entry = create(request, key);
    // a failed creation is not remembered: the next caller tries again
    entry.catch(() => people.delete(key));
    people.set(key, entry);
  }
  return entry;
}

let phoneHolder: Promise<{ admin: Person; holder: AccountMember; codeSentAt: number }> | undefined;

/**
 * The administrator of a new company and a member they handed out, who has proven the phone the
 * administrator gave them (`codeSentAt`: when that phone got its code); created once per worker.
 */
export function earlyPhoneHolder(request: APIRequestContext) {
  if (!phoneHolder) {
    phoneHolder = (async () => {
      const admin = await newAdmin(request);
      const holder = await createAccountMember(request, admin, 'Holder Person');
      await provePhone(request, holder);
      return { admin, holder, codeSentAt: Date.now() };
    })();
    phoneHolder.catch(() => (phoneHolder = undefined));
  }
  return phoneHolder;
}

/**
 * Creates every early person not created yet: the first spec file to run starts all their minutes.
 * They are created through one client address, which spends 8 of its 10 code sends an hour.
 */
export async function startEarlyPeople(request: APIRequestContext) {
  for (const key of Object.keys(EARLY_PEOPLE) as EarlyPerson[]) await earlyMember(request, key);
  await earlyPhoneHolder(request);
}

/** Waits until the person's phone, or proven email, may receive a code again. */
export async function waitForCodeCooldown(page: Page, codeSentAt: number) {
  const wait = codeSentAt + CODE_COOLDOWN_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}
