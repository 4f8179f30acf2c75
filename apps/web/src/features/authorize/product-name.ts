import type { AuthorizeStep } from '@portal/shared/api/authorize';

export type AuthorizeClient = Extract<AuthorizeStep, { step: 'signIn' }>['client'];

// the sign-in page names the product that waits as well
export { productName } from '../../lib/product-name';
