import type { z } from 'zod';
import { ErrorCode, type FailureCode } from '../../errors/error-codes.ts';
import type { ApiKeyScope } from '../integrations.ts';

/**
 * Who may make a call:
 * - `anonymous`: anyone; with `session: 'optional'` the call also reads a session when one is sent;
 * - `signedIn`: a live session (1000401 without one);
 * - `administrator`: an administrator of the session's current company, which has the settings
 *   centre (1000403 otherwise);
 * - `operator`: whoever runs the portal (the probes of an orchestrator, the development outbox);
 * - `productClient`: a product's own OpenID client, by its client credentials or an access token the
 *   provider issued to it (1009260 otherwise): the decision point's calls.
 */
export type Audience = 'anonymous' | 'signedIn' | 'administrator' | 'operator' | 'productClient';

/** The group a call is listed under in the API description. */
export type CallTag =
  | 'openid'
  | 'sign-in'
  | 'codes'
  | 'registration'
  | 'portal'
  | 'personal'
  | 'account-security'
  | 'settings'
  | 'operations'
  | 'authzen'
  | 'development';

/** One call of the portal's API, declared once: the server registers it, the API description
 *  describes it, the web client and the tests call it, all from this object. */
export interface CallDeclaration {
  method: 'GET' | 'POST';
  /** The full path; `:name` segments are the `params`. */
  path: string;
  audience: Audience;
  /** `anonymous` calls that also read a session when one is sent. */
  session?: 'optional';
  /** A signed-in call an account may still make when it must first verify its phone (after the
   *  cut-off date) or set up two-step sign-in its company requires: both only settle the account. */
  beforeAccountSettled?: boolean;
  /** A signed-in call a member may make before setting up the two-step sign-in their company requires. */
  duringTwoStepSetup?: boolean;
  /** An administrator's call that a company API key with this scope (or the `manage` scope that
   *  includes it) may also make, as `Authorization: Bearer pak_...`; a key is refused everywhere else. */
  apiKey?: ApiKeyScope;
  /** A call that a session of the platform's support acting in a company may not make: it changes
   *  security settings, grants, API keys, webhooks or credentials, or approves (1009291,
   *  docs/support-access.md#what-support-may-not-do). */
  notForSupport?: true;
  /** Calls outside the per-address request rate (the probes). */
  unthrottled?: boolean;
  tag: CallTag;
  summary: string;
  /** The rules of the call, in the API description. */
  description?: string;
  body?: z.ZodType;
  /** A multipart body the call reads itself (an upload): described, not validated by the router. */
  upload?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** `data` of a successful answer; for a `file` call, the file's content as the API description shows it. */
  response: z.ZodType;
  /** The media types of the file a call answers on success instead of an envelope (a CSV export). */
  file?: readonly string[];
  /** A call of a protocol whose answers have their own shape (AuthZEN): on success the body is
   *  `response` itself, not the envelope; a refusal is still the envelope with its code. */
  plain?: true;
  /** The codes the call itself may answer, beyond those its audience and kind bring (see `codesOf`). */
  errors: readonly FailureCode[];
}

/** Declares a call; the literal types (path, codes) are kept for the web client and the tests. */
export function defineCall<const D extends CallDeclaration>(declaration: D): D {
  return declaration;
}

/** What any call may answer: a malformed request, a request rate over the limit, a fault, a wait. */
const ANY_CALL = [
  ErrorCode.BadRequest,
  ErrorCode.TooManyAttempts,
  ErrorCode.Internal,
  ErrorCode.ServiceUnavailable,
] as const;

/** What a signed-in call may answer besides: no session, and an account that must settle first. */
const SIGNED_IN = [
  ErrorCode.Unauthorized,
  ErrorCode.PhoneVerificationRequired,
  ErrorCode.TwoStepSetupRequired,
] as const;

const AUDIENCE_CODES = {
  anonymous: [],
  operator: [],
  signedIn: SIGNED_IN,
  administrator: [...SIGNED_IN, ErrorCode.Forbidden],
  productClient: [ErrorCode.ProductClientUnauthorized],
} as const satisfies Record<Audience, readonly FailureCode[]>;

/** A session sent to a call that reads one passes the same gate of an unverified phone after the
 *  cut-off (plugins/audiences/signed-in.ts), whatever the call's audience. */
type OptionalSessionCode = typeof ErrorCode.PhoneVerificationRequired;

/** A company API key sent to a call that reads a session and names no key scope. */
type KeyRefusedCode = typeof ErrorCode.ApiKeyCallRefused;
type ReadsSession<D extends CallDeclaration> = D['audience'] extends 'signedIn' | 'administrator'
  ? true
  : D['session'] extends 'optional'
    ? true
    : false;

/** Every code a call may answer: its own, its audience's and those of any call. */
export type CodeOf<D extends CallDeclaration> =
  | D['errors'][number]
  | (typeof AUDIENCE_CODES)[D['audience']][number]
  | (typeof ANY_CALL)[number]
  | (D['session'] extends 'optional' ? OptionalSessionCode : never)
  | (ReadsSession<D> extends true ? (D['apiKey'] extends string ? never : KeyRefusedCode) : never);

/** Whether a call needs a session (`required`), reads one when it is sent (`optional`), or neither. */
export function sessionNeedOf(declaration: CallDeclaration): 'required' | 'optional' | undefined {
  if (declaration.audience === 'signedIn' || declaration.audience === 'administrator') return 'required';
  return declaration.session;
}

export function codesOf(declaration: CallDeclaration): FailureCode[] {
  const optional = declaration.session === 'optional' ? [ErrorCode.PhoneVerificationRequired] : [];
  // the key gate (plugins/audiences/api-key.ts) refuses a key on a call that reads a session but names no scope
  const keyRefused = sessionNeedOf(declaration) && !declaration.apiKey ? [ErrorCode.ApiKeyCallRefused] : [];
  return [
    ...new Set<FailureCode>([
      ...ANY_CALL,
      ...AUDIENCE_CODES[declaration.audience],
      ...optional,
      ...keyRefused,
      ...(declaration.notForSupport ? [ErrorCode.SupportRefused] : []),
      ...declaration.errors,
    ]),
  ];
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

type ParamsOf<D extends CallDeclaration> = D['params'] extends z.ZodType ? Input<D['params']> : unknown;

/** A body declared empty (`{}`) takes nothing besides the path parameters. */
type BodyOf<D extends CallDeclaration> =
  Input<D['body']> extends Record<string, never> | undefined ? unknown : Input<D['body']>;

/** What the caller sends: the body of a POST (a FormData for an upload), else the query; and the path
 *  parameters beside either. */
export type RequestOf<D extends CallDeclaration> = D['upload'] extends z.ZodType
  ? FormData
  : D['body'] extends z.ZodType
    ? BodyOf<D> & ParamsOf<D>
    : (D['query'] extends z.ZodType ? Input<D['query']> : unknown) & ParamsOf<D>;

/** What a successful answer carries: `data`, or the file's bytes. */
export type AnswerOf<D extends CallDeclaration> = D['file'] extends readonly string[] ? Blob : Output<D['response']>;

/** Whether the caller must send something: a call without body, query or parameters takes none. */
export type TakesRequest<D extends CallDeclaration> =
  D['body'] | D['upload'] | D['query'] | D['params'] extends undefined
  ? false
  : true;

/** The path with its `:name` parameters taken from `values`, each encoded. (A call's path is all it
 *  reads: the web client passes its views of the calls, which carry no schemas.) */
export function pathOf(declaration: Pick<CallDeclaration, 'path'>, values: Record<string, unknown> = {}): string {
  return declaration.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

/** The names of the path parameters of a call. */
export function paramNamesOf(declaration: Pick<CallDeclaration, 'path'>): string[] {
  return [...declaration.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}
