import type { PortalEnterprise, PortalProduct } from '@portal/shared/api/portal';

const SETTINGS_PRODUCT = 'settcntr';

/** The settings centre is a product: the company needs its rights, and the person must administer it. */
export function canUseSettings(enterprise: PortalEnterprise | undefined): enterprise is PortalEnterprise {
  return (
    enterprise?.role === 'admin' && enterprise.productList.some((product) => product.productCode === SETTINGS_PRODUCT)
  );
}

/** The products this person can open in the company: the settings centre only for its administrators. */
export function openableProducts(enterprise: PortalEnterprise): PortalProduct[] {
  return enterprise.productList.filter(
    (product) => product.productCode !== SETTINGS_PRODUCT || enterprise.role === 'admin',
  );
}
