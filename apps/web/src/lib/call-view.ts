import type * as Contract from '@portal/shared/api/contract/define';
import type { CallDeclaration } from '@portal/shared/api/contract/define';

/** Where a view keeps its declaration's type; nothing is there at run time. */
declare const declared: unique symbol;

/**
 * A call as the browser needs it to send one: its method and path, who may make it, and the codes it
 * declares, without the zod schemas of its request and answer, which the server checks. Plain data:
 * the build writes it into the bundle (api-calls.ts says how). Its declaration's type stays with it,
 * so that the request, the answer and the codes are typed as the contract declares them.
 */
export interface CallView<D extends CallDeclaration = CallDeclaration> {
  method: D['method'];
  path: D['path'];
  audience: D['audience'];
  session?: 'optional';
  /** Sends its request in the URL: a GET, or a POST declared with a query and no body (switching company). */
  inUrl: boolean;
  /** Answers a file (a CSV export) on success instead of an envelope. */
  file: boolean;
  errors: D['errors'];
  readonly [declared]?: D;
}

/** The declaration a view was made from, as a type. */
export type DeclarationOf<V extends CallView> = NonNullable<V[typeof declared]>;

/** What the caller sends on a call: see the contract's `RequestOf`. */
export type RequestOf<V extends CallView> = Contract.RequestOf<DeclarationOf<V>>;
/** What a successful answer of a call carries: see the contract's `AnswerOf`. */
export type AnswerOf<V extends CallView> = Contract.AnswerOf<DeclarationOf<V>>;
/** Every code a call may answer: see the contract's `CodeOf`. */
export type CodeOf<V extends CallView> = Contract.CodeOf<DeclarationOf<V>>;

/** The view of one declaration. */
export function viewOf<D extends CallDeclaration>(declaration: D): CallView<D> {
  const view: CallView<D> = {
    method: declaration.method,
    path: declaration.path,
    audience: declaration.audience,
    inUrl: declaration.method === 'GET' || Boolean(declaration.query && !declaration.body),
    file: Boolean(declaration.file),
    errors: declaration.errors,
  };
  if (declaration.session) view.session = declaration.session;
  return view;
}

/** The views of a group of declarations (`signInCalls`), under the same names. */
export function viewsOf<G extends Record<string, CallDeclaration>>(group: G): { [K in keyof G]: CallView<G[K]> } {
  return Object.fromEntries(Object.entries(group).map(([name, declaration]) => [name, viewOf(declaration)])) as {
    [K in keyof G]: CallView<G[K]>;
  };
}
