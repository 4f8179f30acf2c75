import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodType, z } from 'zod';
import { type CallDeclaration, codesOf } from '@portal/shared/api/contract/define';
import { envelopeSchema } from '@portal/shared/api/envelope';
import { type FailureCode, httpStatusOf } from '@portal/shared/errors/error-codes';
import type { Administrator, PersonAdministrator } from '../libraries/company/settings-access.ts';
import type { Caller } from '../libraries/platform/caller.ts';
import { storedUserAgent } from '../libraries/platform/devices.ts';
import type { Auth, SessionRead } from '../libraries/platform/sessions.ts';
import { LIMIT_CODES, ok } from './envelope.ts';
import { type FailureStatus, failureAnswer } from './validation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from: its audience gate and the codes it may answer. */
    call?: CallDeclaration;
    /** What the audience gate reads with the session for the handler, in the same statement. */
    sessionRead?: SessionRead;
  }
  interface FastifyRequest {
    /** Set by the administrator gate on the calls of administrators, before their body is read. */
    administrator: Administrator | null;
  }
}

type Parsed<S> = S extends ZodType ? z.output<S> : undefined;
/** A call a company API key may make has no session when a key makes it. */
type SessionFor<D extends CallDeclaration> = D['apiKey'] extends string
  ? Auth | null
  : D['audience'] extends 'signedIn' | 'administrator'
    ? Auth
    : Auth | null;
/** What a handler returns: the file's reply, nothing for a call that answers no data, or the data. */
type Answer<D extends CallDeclaration> = D['file'] extends readonly string[]
  ? FastifyReply
  : D['response'] extends z.ZodNull
    ? void | null
    : z.output<D['response']>;

/** What a route's handler gets: the request as its call declares it, and who makes it. */
export interface Served<D extends CallDeclaration> {
  body: Parsed<D['body']>;
  query: Parsed<D['query']>;
  params: Parsed<D['params']>;
  caller: Caller<SessionFor<D>>;
  /** The administrator the gate found, on an administrator's call: a person, or a company API key on
   *  a call that names a key scope. */
  administrator: D['audience'] extends 'administrator'
    ? D['apiKey'] extends string
      ? Administrator
      : PersonAdministrator
    : null;
  /** For what only HTTP knows: an upload's parts, a file's headers. */
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The answers of a call in its route schema, by HTTP status: the envelope on 200 (or the file), and
 *  each rejection with a status of its own with the declared codes it carries there. */
function answersOf(declaration: CallDeclaration): Record<number, unknown> {
  const byStatus = new Map<FailureStatus, FailureCode[]>();
  for (const code of codesOf(declaration)) {
    const status = httpStatusOf(code) as FailureStatus | 200;
    if (status !== 200) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    // a limit's refusal answers 429 with its wait, whatever its own status
    else if (LIMIT_CODES.has(code)) byStatus.set(429, [...(byStatus.get(429) ?? []), code]);
  }
  // a POST's body of another media type: 1000400 with its own status
  if (declaration.method === 'POST') byStatus.set(415, byStatus.get(415) ?? []);
  const answers: Record<number, unknown> = {
    200: declaration.file
      ? {
          description: 'The file',
          content: Object.fromEntries(declaration.file.map((type) => [type, { schema: declaration.response }])),
        }
      : declaration.plain
        ? declaration.response
        : envelopeSchema(declaration.response),
  };
  for (const [status, codes] of byStatus)
    answers[status] = codes.length ? failureAnswer(status, codes) : failureAnswer(status);
  return answers;
}

function routeSchema(declaration: CallDeclaration): FastifySchema {
  return {
    tags: [declaration.tag],
    summary: declaration.summary,
    ...(declaration.description ? { description: declaration.description } : {}),
    ...(declaration.body ? { body: declaration.body } : {}),
    ...(declaration.upload ? { uploadBody: declaration.upload, consumes: ['multipart/form-data'] } : {}),
    ...(declaration.query ? { querystring: declaration.query } : {}),
    ...(declaration.params ? { params: declaration.params } : {}),
    response: answersOf(declaration),
  };
}

/** Who makes the request, as the libraries see it; read once the gates have found its session. */
export function callerOf(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    userAgent: storedUserAgent(request.headers['user-agent']),
    language: request.lang,
    log: request.log,
    session: request.auth,
  };
}

/**
 * Registers the route of a declared call: its path and method, its schemas (the request is validated
 * and the answer encoded by them), its audience (the gates in `plugins/audiences/` read it), its entry
 * in the API description, and the envelope around what the handler returns.
 */
export function serve<const D extends CallDeclaration>(
  app: FastifyInstance,
  declaration: D,
  handler: (served: Served<D>) => Answer<D> | Promise<Answer<D>>,
  { sessionRead, ...options }: { bodyLimit?: number; sessionRead?: SessionRead } = {},
): void {
  app.route({
    method: declaration.method,
    url: declaration.path,
    config: {
      call: declaration,
      ...(declaration.unthrottled ? { rateLimit: false } : {}),
      ...(sessionRead ? { sessionRead } : {}),
    },
    schema: routeSchema(declaration),
    ...options,
    handler: async (request, reply) => {
      const answer = await handler({
        body: request.body,
        query: request.query,
        params: request.params,
        caller: callerOf(request),
        administrator: request.administrator,
        request,
        reply,
      } as Served<D>);
      return declaration.file || declaration.plain ? answer : ok(answer ?? null);
    },
  });
}

/** What a route's handler does with the request, typed by its call's declaration. */
export type Handle<D extends CallDeclaration> = (served: Served<D>) => Answer<D> | Promise<Answer<D>>;

/** A handler with what its route needs beyond the defaults: a larger body, what the gate reads with
 *  the session, or a context of its own (a body parser only that route knows). */
export interface HandlerSpec<D extends CallDeclaration> {
  handle: Handle<D>;
  bodyLimit?: number;
  sessionRead?: SessionRead;
  context?: (app: FastifyInstance) => Promise<void>;
}

/**
 * The handlers of an area's calls, one for each of its declarations: a call declared without one
 * fails the type check. `null` is a call this configuration does not serve (the development outbox
 * in production), said so where the area is served.
 */
export type Handlers<A extends Record<string, CallDeclaration>> = {
  [K in keyof A]: Handle<A[K]> | HandlerSpec<A[K]> | null;
};

/** Serves every call of an area of the contract with its handler. */
export async function serveArea<const A extends Record<string, CallDeclaration>>(
  app: FastifyInstance,
  calls: A,
  handlers: Handlers<A>,
): Promise<void> {
  for (const name of Object.keys(calls) as (keyof A & string)[]) {
    const handler = handlers[name];
    if (handler === null) continue;
    const { handle, context, ...options } = typeof handler === 'function' ? { handle: handler } : handler;
    if (!context) serve(app, calls[name], handle, options);
    else
      await app.register(async (child) => {
        await context(child);
        serve(child, calls[name], handle, options);
      });
  }
}
