import type { TFunction } from 'i18next';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { isProductCode } from '@portal/shared/products';

export type AuthorizeClient = Extract<AuthorizeStep, { step: 'signIn' }>['client'];

/** The product in the person's language; a product the web app does not know yet by its client's name. */
export function productName(t: TFunction, client: AuthorizeClient): string {
  return isProductCode(client.productCode) ? t(`products.${client.productCode}.name`) : client.name;
}
