import type Provider from 'oidc-provider';
import { type KoaContextWithOIDC, interactionPolicy } from 'oidc-provider';
import type { AuthorizeStep, ReauthenticationMethod } from '@portal/shared/api/authorize';
import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import type { AppContext } from '../../context.ts';
import { userHasPasskey } from '../../queries/passkeys.ts';
import { reauthenticate } from '../personal/reauthentication.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import type { Auth } from '../platform/sessions.ts';
import { addPromptDetails } from './provider-internals.ts';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * The authentication context classes of the provider (`acr`, docs/openid-provider.md#step-up): one
 * factor (the portal's sign-in or the password), or two factors proved within one product sign-in
 * (the password and a code of the authenticator app, or a passkey with user verification).
 */
export const ACR = {
  oneFactor: 'urn:energy-portal:acr:1fa',
  twoFactors: 'urn:energy-portal:acr:2fa',
} as const;
export const ACR_VALUES = [ACR.oneFactor, ACR.twoFactors];

/** The `amr` values (RFC 8176) of the portal's proofs: the password, a one-time code, a passkey kept
 *  on its device (`hwk`) or synced (`swk`). */
const AMR_OF: Record<ReauthenticationMethod, readonly string[]> = {
  password: ['pwd'],
  code: ['otp'],
  passkey: ['hwk', 'swk'],
};

/** The `amr` value (RFC 8176) of two factors, beside the methods that made them. */
const MFA = 'mfa';

/** Whether the methods proved make two factors: the password and a code, or a passkey (with user
 *  verification, which every passkey proof requires). */
function twoFactorsIn(amr: readonly string[]): boolean {
  return (amr.includes('pwd') && amr.includes('otp')) || amr.includes('hwk') || amr.includes('swk');
}

/** What the interaction's `login` result tells the provider, and the ID token the product. */
export type LoginProof = {
  accountId: string;
  /** When the person last proved it is them, in seconds (`auth_time`). */
  ts: number;
  amr?: string[];
  acr: string;
};

/** The product asked for two factors: every `acr_values` it accepts is the two-factor class. */
export function wantsTwoFactors(params: Record<string, unknown>): boolean {
  const values = String(params.acr_values ?? '')
    .split(' ')
    .filter(Boolean);
  return values.length > 0 && values.every((value) => value === ACR.twoFactors);
}

/**
 * The `login` prompt's check for a silent sign-in (`prompt=none`) of a product asking for two factors:
 * the provider's session must carry them. After the interaction (`result.login`) the person proved
 * what they could, and the product reads the `acr` it got.
 */
export const twoFactorsCheck = new interactionPolicy.Check(
  'acr_values',
  'the requested authentication context class could not be obtained',
  'login_required',
  (koa: KoaContextWithOIDC) =>
    wantsTwoFactors(koa.oidc.params as Record<string, unknown>) &&
    !koa.oidc.result?.login &&
    koa.oidc.session?.acr !== ACR.twoFactors
      ? interactionPolicy.Check.REQUEST_PROMPT
      : interactionPolicy.Check.NO_NEED_TO_PROMPT,
);

/** What the portal session's own sign-in proved: its methods, and two factors where `mfa` is among them
 *  (a second step, or a passkey). A session older than that record counts as one factor. */
export function portalSignInOf(session: Auth): { amr?: string[]; acr: string } {
  if (!session.amr) return { acr: ACR.oneFactor };
  return { amr: session.amr, acr: session.amr.includes('mfa') ? ACR.twoFactors : ACR.oneFactor };
}

/** The proof the person made on the screen of this sign-in: the login part of its last submission. */
function proofOf(interaction: Interaction, accountId: string): LoginProof | undefined {
  const login = (interaction.lastSubmission as { login?: LoginProof } | undefined)?.login;
  return login?.accountId === accountId && login.amr ? login : undefined;
}

/** The proofs the person has: the password (an account may have none), the authenticator app and
 *  their passkeys. */
async function methodsOf(ctx: AppContext, session: Auth): Promise<ReauthenticationMethod[]> {
  return [
    ...(session.user.password_hash ? (['password'] as const) : []),
    ...(session.user.totp_enabled_at !== null ? (['code'] as const) : []),
    ...((await userHasPasskey(ctx.db, session.user.id)) ? (['passkey'] as const) : []),
  ];
}

/** The name, among the login prompt's details, of when the authorization request came. */
const REQUESTED_AT = 'requested_at';

/**
 * The login prompt's details also say when the authorization request came, in milliseconds by the
 * portal's clock (the one that times its sign-ins): an interaction's own `iat` has whole seconds of
 * the provider's clock, too coarse to tell a sign-in just before the request from one just after.
 */
export function stampRequestTime(ctx: AppContext, login: interactionPolicy.Prompt): void {
  addPromptDetails(login, () => ({ [REQUESTED_AT]: ctx.now() }));
}

/** When the interaction's authorization request came (ms). An interaction started before the stamp
 *  has the end of the second of its `iat`: a sign-in within that second counts as before it. */
function requestedAt(interaction: Interaction): number {
  const stamped = interaction.prompt.details[REQUESTED_AT];
  return typeof stamped === 'number' ? stamped : (interaction.iat! + 1) * 1000 - 1;
}

/**
 * What the product asked of the sign-in that the portal session alone does not give: a new proof
 * (`prompt=login`, or `max_age` older than the session's sign-in) or two factors (`acr_values`).
 * What answers it is either the proof made on this screen or the portal session's own sign-in, each
 * with its own factors: the sign-in counts only where it is fresh enough itself (never for
 * `prompt=login`, as it came before the request; for `max_age`, as recent as that, to the
 * millisecond), so that two factors of an old sign-in do not make one new proof two.
 * The `reauthenticate` step names the proofs still wanted: for two factors, those that lead to them
 * (a passkey alone, or the password and a code one after the other), and says when the person has no
 * second factor to give. A person with none of the proofs (an account signed in by a code to the
 * phone, without a password, two-step sign-in or a passkey) signs in again instead.
 */
export async function stepUpStep(
  ctx: AppContext,
  interaction: Interaction,
  session: Auth,
  client: Extract<AuthorizeStep, { step: 'reauthenticate' }>['client'],
): Promise<AuthorizeStep | undefined> {
  const accountId = String(session.user.id);
  const proof = proofOf(interaction, accountId);
  const { params, prompt } = interaction;
  const loginAsked = prompt.name === 'login' && prompt.reasons.includes('login_prompt');
  const maxAge = params.max_age === undefined ? undefined : Number(params.max_age) * 1000;
  // a proof of this screen came after the request: it answers `prompt=login` and `max_age` (0 too)
  const byProof = proof !== undefined;
  const bySignIn =
    !(loginAsked && session.signedInAt <= requestedAt(interaction)) &&
    (maxAge === undefined || ctx.now() - session.signedInAt <= maxAge);
  const fresh = !byProof && !bySignIn;

  const available = await methodsOf(ctx, session);
  const proven = new Set(proof?.amr ?? []);
  const has = (method: ReauthenticationMethod) => available.includes(method);
  const provenBy = (method: ReauthenticationMethod) => AMR_OF[method].some((amr) => proven.has(amr));
  // a proof that, made now, gives two factors: a passkey, or the password and a code, neither proved yet
  const leadsToTwoFactors = (method: ReauthenticationMethod) =>
    method === 'passkey' ||
    (!provenBy(method) && (method === 'password' ? has('code') : method === 'code' && has('password')));
  const twoFactorsGiven = proof?.acr === ACR.twoFactors || (bySignIn && portalSignInOf(session).acr === ACR.twoFactors);
  const twoFactorsWanted = wantsTwoFactors(params) && !twoFactorsGiven;
  const twoFactors = twoFactorsWanted && available.some(leadsToTwoFactors);
  if (!fresh && !twoFactors) return undefined;
  if (!available.length) return { step: 'signIn', client, fresh: true };
  const methods = twoFactors ? available.filter(leadsToTwoFactors) : available;
  return {
    step: 'reauthenticate',
    client,
    methods,
    secondFactor: twoFactors,
    noSecondFactor: twoFactorsWanted && !twoFactors,
  };
}

/**
 * The person proves it is them on the sign-in screen, with the portal's re-authentication (the same
 * counter of failed tries, and the session counts as proven for sensitive changes too). The proof is
 * kept with the interaction as its last submission, the provider's place for a result in parts, and
 * becomes the `login` of its result: `auth_time` now, `amr` the methods proved within this sign-in
 * (with `mfa` when they make two factors).
 */
export async function recordProof(
  ctx: AppContext,
  interaction: Interaction,
  caller: SignedInCaller,
  body: ReauthenticateRequest,
): Promise<void> {
  const proved = await reauthenticate(ctx, caller, body);
  const accountId = String(caller.session.user.id);
  const methods = [...new Set([...(proofOf(interaction, accountId)?.amr ?? []), proved])].filter((m) => m !== MFA);
  const twoFactors = twoFactorsIn(methods);
  const login: LoginProof = {
    accountId,
    ts: Math.floor(ctx.now() / 1000),
    // `mfa` marks two factors, as in the `amr` of a portal sign-in with both
    amr: twoFactors ? [...methods, MFA] : methods,
    acr: twoFactors ? ACR.twoFactors : ACR.oneFactor,
  };
  interaction.lastSubmission = { ...interaction.lastSubmission, login };
  await interaction.save(Math.max(1, interaction.exp - Math.floor(ctx.now() / 1000)));
}

/** The `login` of the interaction's result: the proof made on the screen, or the portal's sign-in. */
export function loginOf(interaction: Interaction, session: Auth): LoginProof {
  const accountId = String(session.user.id);
  return (
    proofOf(interaction, accountId) ?? {
      accountId,
      ts: Math.floor(session.signedInAt / 1000),
      ...portalSignInOf(session),
    }
  );
}
