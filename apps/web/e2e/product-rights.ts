import type { BrowserContext } from '@playwright/test';
import {
  deleteEnterpriseProducts,
  findEnterpriseByDomain,
  findProductsByCode,
  insertEnterpriseProducts,
} from '@portal/server/test-kit';
import type { ProductCode } from '@portal/shared/products';
import { database } from './database';

/**
 * Product rights are the operator's (there is no web surface for them): written into the running e2e
 * server's database, where the operator's command line writes them too.
 */
async function rights(domain: string, codes: ProductCode[]) {
  const enterprise = await findEnterpriseByDomain(database(), domain);
  if (!enterprise) throw new Error(`no company ${domain}`);
  const products = await findProductsByCode(database(), codes);
  return { enterpriseId: enterprise.id, productIds: products.map((p) => p.id) };
}

export async function grantProducts(domain: string, ...codes: ProductCode[]): Promise<void> {
  const { enterpriseId, productIds } = await rights(domain, codes);
  await insertEnterpriseProducts(database(), enterpriseId, productIds, Date.now());
}

export async function revokeProducts(domain: string, ...codes: ProductCode[]): Promise<void> {
  const { enterpriseId, productIds } = await rights(domain, codes);
  await deleteEnterpriseProducts(database(), enterpriseId, productIds);
}

/** Signs a person in the way another product on the domain would find them: the token cookie. */
export async function useSession(context: BrowserContext, token: string, baseURL: string, lang = 'en-US') {
  await context.addCookies([
    { name: 'token', value: token, url: baseURL },
    { name: 'langCode', value: lang, url: baseURL },
  ]);
}
