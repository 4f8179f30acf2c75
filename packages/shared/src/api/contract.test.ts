import { describe, expect, it } from 'vitest';
import { type CallDeclaration, codesOf } from './contract/define.ts';
import { contract, contractAreas } from './contract.ts';

describe('the contract', () => {
  const declarations: [string, CallDeclaration][] = Object.values(contractAreas).flatMap((area) =>
    Object.entries(area),
  );

  it('names each call once across its areas', () => {
    const names = declarations.map(([name]) => name);
    expect(names.length).toBe(new Set(names).size);
    expect(Object.keys(contract).length).toBe(names.length);
  });

  it('declares each method and path once', () => {
    const routes = declarations.map(([, call]) => `${call.method} ${call.path}`);
    expect(routes.length).toBe(new Set(routes).size);
  });

  it('lists each code a call may answer once, with those of its audience', () => {
    for (const [name, call] of declarations) {
      const codes = codesOf(call);
      expect(codes.length, name).toBe(new Set(codes).size);
      if (call.audience === 'productClient') expect(codes, name).toContain(1009260);
      else if (call.audience !== 'anonymous' && call.audience !== 'operator') expect(codes, name).toContain(1000401);
    }
  });
});
