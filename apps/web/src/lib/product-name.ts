import type { TFunction } from 'i18next';
import { isProductCode } from '@portal/shared/products';

/** A product as an OpenID client names it: its catalogue code and the client's own name. */
export interface NamedProduct {
  productCode: string;
  name: string;
}

/** The product in the person's language; a product the web app does not know yet by its client's name. */
export function productName(t: TFunction, product: NamedProduct): string {
  return isProductCode(product.productCode) ? t(`products.${product.productCode}.name`) : product.name;
}
