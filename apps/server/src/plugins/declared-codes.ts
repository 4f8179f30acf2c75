import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { codesOf } from '@portal/shared/api/contract/define';
import type { FailureCode } from '@portal/shared/errors/error-codes';

/** A code a call answered that its declaration does not list. */
export interface UndeclaredCode {
  method: string;
  path: string;
  code: number;
}

const CODE_AT_START = /^\{"code":(\d+)/;

/**
 * Holds each call to its declaration: an answer with a code the call does not declare is reported.
 * The test app turns every report into a failed test, so that the declarations (and the API
 * description and the web client's typed handlers built from them) cannot drift from what the
 * libraries really answer.
 */
export const declaredCodesPlugin = fp(
  async (app: FastifyInstance, { report }: { report: (found: UndeclaredCode) => void }) => {
    const declared = new WeakMap<object, Set<FailureCode>>();
    app.addHook('onSend', async (request, _reply, payload) => {
      const call = request.routeOptions.config.call;
      if (!call || typeof payload !== 'string') return payload;
      const code = Number(CODE_AT_START.exec(payload)?.[1] ?? 0);
      if (code === 0) return payload;
      let codes = declared.get(call);
      if (!codes) declared.set(call, (codes = new Set(codesOf(call))));
      if (!codes.has(code as FailureCode)) report({ method: call.method, path: call.path, code });
      return payload;
    });
  },
);
