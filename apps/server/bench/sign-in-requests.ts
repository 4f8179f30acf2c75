import { contract } from '@portal/shared/api/contract';
import { randomClientAddress } from './load.ts';
import { PASSWORD, accountOf } from './seed.ts';

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
