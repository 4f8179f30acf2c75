import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import type { Db } from '../src/db/database.ts';
import { tally } from './support/accounts.ts';
import {
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  type Session,
  operationsOf,
  requestsFor,
} from './support/openapi-fuzz.ts';
import { ENGINE, type HttpReply, ServerProcess, isEnvelope, newClientAddress } from './support/server-process.ts';
import { createCompany, fixtureContext, signedInPerson } from './support/tenants.ts';

/**
 * Every call of the OpenAPI document, with requests from its schema and hostile ones, with and
 * without a session: nothing may answer outside the envelope, nothing may be a 5xx, and the server
 * process must survive. Reproducible: FUZZ_SEED picks the run (a fixed one by default), FUZZ_RUNS
 * the requests per call.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 150);
const IN_FLIGHT = 12;
const PASSWORD = 'Fuzz2026x';

/** Calls that may end the fixtures' sessions or take the administrator's rights run after the others,
 *  so that the sessions reach past the session and rights checks for the whole run. */
const RUN_LAST =
  /^(postUserLogout|postUserUpdatepwd|postUserForgetPasswd|postEnterpriseMembersUpdate|postEnterpriseMembersRemove)$/;

interface Outcome {
  request: FuzzRequest;
  reply?: HttpReply;
  error?: string;
}

/** The calls of a protocol with answers of its own shape (AuthZEN): on success, that shape, by the
 *  method and path template the API description names them. */
const PLAIN_CALLS = new Map(
  Object.values(contract)
    .filter((declaration) => 'plain' in declaration && declaration.plain)
    .map((declaration) => [`${declaration.method} ${declaration.path.replace(/:(\w+)/g, '{$1}')}`, declaration]),
);

/** What is wrong with an answer, or null: the envelope, or what the call's description says it answers. */
function problemOf(outcome: Outcome, operations: Map<string, Operation>): string | null {
  const { reply, request } = outcome;
  if (!reply) return `no answer: ${outcome.error}`;
  if (reply.status >= 500) return `HTTP ${reply.status}`;
  const operation = operations.get(request.operation)!;
  const plain = PLAIN_CALLS.get(`${request.method} ${operation.path}`);
  if (plain && reply.status === 200)
    return plain.response.safeParse(reply.json).success ? null : 'not the answer its call declares';
  const declared = request.method === operation.method ? (operation.responseTypes[String(reply.status)] ?? []) : [];
  const type = String(reply.headers['content-type'] ?? '').split(';')[0]!;
  if (declared.includes(type) && type !== 'application/json') return null;
  if (!isEnvelope(reply.json)) return 'not the envelope';
  if (reply.json.code === 0 && reply.status !== 200) return `code 0 with HTTP ${reply.status}`;
  return null;
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? '(none)'
      : JSON.stringify(request.payload.toString().slice(0, 300)) + (request.payload.length > 300 ? '...' : '');
  return `${request.method} ${request.url.slice(0, 300)} [${request.kind}${request.mutation ? `: ${request.mutation}` : ''}; session ${request.session}] headers ${JSON.stringify(request.headers)} body ${payload}`;
}

describe(`fuzzing every call of the API description (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  let document: OpenApiDocument;
  const headersOf: Record<Session, Record<string, string>> = {
    none: {},
    admin: {},
    member: {},
    unknownToken: { authorization: `Bearer ${'A'.repeat(43)}` },
    adminCookiesOnly: {},
    malformedAuthorization: { authorization: 'Bearer' },
  };
  const known = {
    phones: [] as string[],
    emails: [] as string[],
    accounts: [] as string[],
    passwords: [PASSWORD],
    ids: [] as number[],
  };

  beforeAll(async () => {
    server = await ServerProcess.start();
    db = server.openDatabase();
    const ctx = fixtureContext(server, db);
    const admin = await signedInPerson(server, db, PASSWORD);
    const member = await signedInPerson(server, db, PASSWORD);
    const company = await createCompany(ctx, {
      products: ['settcntr', 'esguard'],
      people: [
        { userId: admin.id, role: 'admin' },
        { userId: member.id, role: 'member' },
      ],
    });
    // the sessions began before the company existed: entering it makes it their current company
    for (const person of [admin, member]) {
      const entered = await server.call(contract.enterEnterprise, {
        query: { enterpriseId: company.enterpriseId },

        token: person.token,
        from: newClientAddress(),
      });
      expect(entered.json.code, entered.text).toBe(0);
    }
    headersOf.admin = { authorization: `Bearer ${admin.token}` };
    headersOf.member = { authorization: `Bearer ${member.token}` };
    // the web app's cookies: the server takes a session only from the Authorization header
    headersOf.adminCookiesOnly = { cookie: `token=${admin.token}; enterpriseId=${company.enterpriseId}` };
    for (const person of [admin, member]) {
      known.phones.push(person.phone);
      known.emails.push(person.email);
      known.accounts.push(person.account);
      known.ids.push(person.id);
    }
    known.ids.push(company.enterpriseId, company.defaultDepartmentId);

    const docs = await server.call(`${API_PREFIX}/docs/json`);
    expect(docs.status, docs.text.slice(0, 200)).toBe(200);
    document = docs.json;
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  it('answers every request with the envelope, never a 5xx, and keeps running', { timeout: 240_000 }, async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThanOrEqual(40);
    const byId = new Map(operations.map((op) => [op.id, op]));
    const requests = operations.flatMap((op, index) =>
      fc.sample(requestsFor(op, document, known), { seed: SEED + index, numRuns: RUNS_PER_CALL }),
    );
    const ordered = [
      ...requests.filter((r) => !RUN_LAST.test(r.operation)),
      ...requests.filter((r) => RUN_LAST.test(r.operation)),
    ];
    const pid = server.child!.pid;

    const started = Date.now();
    const outcomes: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < ordered.length) {
        const request = ordered[next++]!;
        try {
          const reply = await server.call(request.url, {
            method: request.method,
            headers: { ...request.headers, ...headersOf[request.session] },
            ...(request.payload === undefined ? {} : { raw: request.payload }),
            // each request from a client of its own: the per-IP limits must not hide what the call answers
            from: newClientAddress(),
            timeoutMs: 30_000,
          });
          outcomes.push({ request, reply });
        } catch (error) {
          outcomes.push({ request, error: (error as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (Date.now() - started) / 1000;

    const failures = outcomes
      .map((outcome) => ({ outcome, problem: problemOf(outcome, byId) }))
      .filter((f) => f.problem !== null);
    const statuses = tally(outcomes.map((o) => o.reply?.status ?? 0));
    const codes = tally(outcomes.map((o) => (isEnvelope(o.reply?.json) ? o.reply!.json.code : -1)));
    console.log(
      `[${ENGINE}] fuzz seed ${SEED}, ${RUNS_PER_CALL} per call, ${operations.length} calls: ${outcomes.length} requests in ${seconds.toFixed(1)} s ` +
        `(${Math.round(outcomes.length / seconds)}/s; ${outcomes.filter((o) => o.request.kind === 'schema').length} from the schema, ` +
        `${outcomes.filter((o) => o.request.kind === 'hostile').length} hostile; ${outcomes.filter((o) => o.request.session === 'admin' || o.request.session === 'member').length} with a valid session)`,
    );
    console.log(`[${ENGINE}] by HTTP status:`, statuses);
    console.log(`[${ENGINE}] by code (-1: not the envelope):`, codes);
    console.log(`[${ENGINE}] failures: ${failures.length}`);
    for (const { outcome, problem } of failures.slice(0, 25)) {
      console.log(
        `  ${problem}: ${describeRequest(outcome.request)}\n    -> ${outcome.reply ? `${outcome.reply.status} ${outcome.reply.headers['content-type']} ${outcome.reply.text.slice(0, 300)}` : outcome.error}`,
      );
    }

    expect(server.alive, server.output.slice(-2000)).toBe(true);
    expect(server.child!.pid).toBe(pid);
    expect((await server.call(contract.health, { from: newClientAddress() })).status).toBe(200);
    expect(failures.map((f) => `${f.problem}: ${describeRequest(f.outcome.request)}`)).toEqual([]);
  });
});
