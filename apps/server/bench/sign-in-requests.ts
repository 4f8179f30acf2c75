import { contract } from '@portal/shared/api/contract';
import { type LoadOptions, randomClientAddress } from './load.ts';
import { PASSWORD, USERS, accountOf } from './seed.ts';

/** The body of a seeded user's password sign-in. */
export function signInBody(user: number): string {
  return JSON.stringify({
    loginType: 'password',
    identifierType: 'account',
    identifier: accountOf(user),
    password: PASSWORD,
  });
}

/** Real sign-ins over HTTP, four at a time, each from an address of its own: the sessions a load uses. */
export async function signIn(url: string, users: number[]): Promise<string[]> {
  const tokens: string[] = [];
  const queue = [...users];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let user = queue.shift(); user !== undefined; user = queue.shift()) {
        const response = await fetch(url + contract.login.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientAddress() },
          body: signInBody(user),
        });
        const envelope = (await response.json()) as { code: number; msg: string; data: { token: string } };
        if (envelope.code !== 0)
          throw new Error(`sign-in of ${accountOf(user)} refused: ${envelope.code} ${envelope.msg}`);
        tokens.push(envelope.data.token);
      }
    }),
  );
  return tokens;
}

/** Password sign-ins of random seeded people, each from an address of its own. */
export function signInLoad(
  name: string,
  url: string,
  connections: number,
  path: string = contract.login.path,
): LoadOptions {
  return {
    name,
    url,
    method: 'POST',
    path,
    connections,
    next: () => ({
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientAddress() },
      body: signInBody(1 + Math.floor(Math.random() * USERS)),
    }),
  };
}

/** GETs of `path` with the sessions `tokens` in turn, each from an address of its own. */
export function sessionReads(
  name: string,
  url: string,
  path: string,
  tokens: string[],
  connections: number,
): LoadOptions {
  let i = 0;
  return {
    name,
    url,
    method: 'GET',
    path,
    connections,
    next: () => ({
      headers: { authorization: `Bearer ${tokens[i++ % tokens.length]}`, 'x-forwarded-for': randomClientAddress() },
    }),
  };
}
