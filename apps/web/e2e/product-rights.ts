import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext } from '@playwright/test';

/**
 * Product rights come from the operator's command line (there is no web surface for them), run on
 * the running e2e server's database, as people.ts does for invitation links.
 */
const run = promisify(execFile);
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATABASE = fileURLToPath(new URL(`../test-results/e2e-${PORT}.db`, import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

async function products(command: 'grant' | 'revoke', domain: string, codes: string[]): Promise<void> {
  const args = ['--import', 'tsx', 'apps/server/src/cli.ts', command, '--enterprise', domain];
  for (const code of codes) args.push('--product', code);
  await run(process.execPath, args, { cwd: REPO, env: { ...process.env, DATABASE_URL: `sqlite:${DATABASE}` } });
}

export const grantProducts = (domain: string, ...codes: string[]) => products('grant', domain, codes);
export const revokeProducts = (domain: string, ...codes: string[]) => products('revoke', domain, codes);

/** Signs a person in the way another product on the domain would find them: the token cookie. */
export async function useSession(context: BrowserContext, token: string, baseURL: string, lang = 'en-US') {
  await context.addCookies([
    { name: 'token', value: token, url: baseURL },
    { name: 'langCode', value: lang, url: baseURL },
  ]);
}
