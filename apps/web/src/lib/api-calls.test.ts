import { describe, expect, it } from 'vitest';
import { type CallDeclaration, codesOf } from '@portal/shared/api/contract/define';
import * as firstViews from './api-calls';
import * as integrationViews from './integration-calls';

/** The views of every module that has them. */
const views = { ...firstViews, ...integrationViews };

/** Every module of the contract, as the server reads them. */
const contract = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/src/api/contract/*.ts', {
  eager: true,
});

function isDeclaration(value: unknown): value is CallDeclaration {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

/** The contract's groups of calls (`signInCalls`), by name. */
const groups = Object.values(contract).flatMap((module) =>
  Object.entries(module).filter(
    (entry): entry is [string, Record<string, CallDeclaration>] =>
      typeof entry[1] === 'object' && entry[1] !== null && Object.values(entry[1]).every(isDeclaration),
  ),
);

describe('the web app calls through views of the contract, without its schemas', () => {
  it('has a view of every group of calls but the operator’s and the products’, and of every call in it', () => {
    expect(groups.length).toBeGreaterThan(5);
    for (const [name, group] of groups) {
      // the probes and the development outbox are the operator's, and the decision point is the products'
      // servers': none is the web app's
      if (Object.values(group).every((declaration) => declaration.audience === 'operator')) continue;
      if (Object.values(group).every((declaration) => declaration.tag === 'authzen')) continue;
      const viewed = (views as Record<string, Record<string, unknown>>)[name];
      expect(viewed, name).toBeDefined();
      expect(Object.keys(viewed!).sort(), name).toEqual(Object.keys(group).sort());
    }
  });

  it('keeps of each call what sending it takes: method, path, audience, session, codes', () => {
    for (const [name, group] of groups) {
      const viewed = (views as Record<string, Record<string, unknown>>)[name];
      if (!viewed) continue;
      for (const [call, declaration] of Object.entries(group)) {
        const view = viewed[call] as Record<string, unknown>;
        expect(view, `${name}.${call}`).toEqual({
          method: declaration.method,
          path: declaration.path,
          audience: declaration.audience,
          ...(declaration.session ? { session: declaration.session } : {}),
          inUrl: declaration.method === 'GET' || Boolean(declaration.query && !declaration.body),
          file: Boolean(declaration.file),
          errors: declaration.errors,
        });
        // every code the call may answer follows from its audience and its own codes
        expect(codesOf({ ...declaration, ...view } as CallDeclaration)).toEqual(codesOf(declaration));
      }
    }
  });

  it('is plain data, as the build writes it into the bundle: no schema, no function', () => {
    for (const [name, group] of Object.entries(views)) {
      expect(JSON.parse(JSON.stringify(group)), name).toEqual(group);
    }
    // the switch of company sends its query in the URL though it is a POST
    expect(views.portalCalls.enterEnterprise.inUrl).toBe(true);
    expect(views.signInCalls.login.inUrl).toBe(false);
  });
});
