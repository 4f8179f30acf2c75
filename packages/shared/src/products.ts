/** The product catalogue; display names and descriptions live in the locales under `products.<code>`. */
export const PRODUCTS = [
  { code: 'esguard', entryPath: '/es' },
  { code: 'mgguard', entryPath: '/mg' },
  { code: 'seop', entryPath: '/seop' },
  { code: 'saas-dragon-boat', entryPath: '/longzhou' },
  { code: 'settcntr', entryPath: '/settings' },
  { code: 'saas-es-actuary', entryPath: '/cesuan' },
  { code: 'esark', entryPath: '/ark4' },
] as const;

export type ProductCode = (typeof PRODUCTS)[number]['code'];
export const PRODUCT_CODES = PRODUCTS.map((p) => p.code) as ProductCode[];

export function isProductCode(value: unknown): value is ProductCode {
  return typeof value === 'string' && (PRODUCT_CODES as string[]).includes(value);
}

export function productEntryPath(code: ProductCode): string {
  return PRODUCTS.find((p) => p.code === code)!.entryPath;
}

/** Where a product opens: its entry path with the product id, and the site it opens on when one is
 *  named (docs/portal-and-products.md#opening-a-product). */
export function productUrl(entryPath: string, productId: number | string, siteId?: string): string {
  const site = siteId === undefined ? '' : `&siteId=${encodeURIComponent(siteId)}`;
  return `${entryPath}?productId=${encodeURIComponent(String(productId))}${site}`;
}
