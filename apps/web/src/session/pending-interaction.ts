import { INTERACTION_QUERY } from '@portal/shared/api/authorize-screen';
import { paths } from '../config/paths';
import type { NamedProduct } from '../lib/product-name';

/**
 * A product's sign-in that waits for the person (docs/openid-provider.md#interaction): the screen
 * remembers it before the detours of signing in (the sign-in form, the second step, the phone
 * verification, a company's two-step set-up), and entering the portal takes the person back to it.
 * Kept for the tab's life: the product's request belongs to the tab it was made in.
 */
const KEY = 'authorize:interaction';

/** How long the provider keeps an interaction; one older than this can only be expired. */
const INTERACTION_LIFETIME_MS = 60 * 60 * 1000;

interface Pending {
  uid: string;
  at: number;
  /** The product that asked, once the interaction has said: the sign-in page names it. */
  product?: NamedProduct;
}

function isNamedProduct(value: unknown): value is NamedProduct {
  const product = value as Partial<NamedProduct> | null | undefined;
  return typeof product?.productCode === 'string' && typeof product.name === 'string';
}

function read(): Pending | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as Partial<Pending> | null;
    if (typeof value?.uid !== 'string' || typeof value.at !== 'number') return null;
    const { uid, at, product } = value;
    return {
      uid,
      at,
      ...(isNamedProduct(product) ? { product: { productCode: product.productCode, name: product.name } } : {}),
    };
  } catch {
    // not ours, or storage refused: as if nothing waited
    return null;
  }
}

export function rememberInteraction(uid: string, product?: NamedProduct): void {
  const named = product ? { product: { productCode: product.productCode, name: product.name } } : {};
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ uid, at: Date.now(), ...named } satisfies Pending));
  } catch {
    // storage disabled: the person signs in and lands in the portal instead of going back to the product
  }
}

export function forgetInteraction(): void {
  window.sessionStorage.removeItem(KEY);
}

/** The product whose sign-in waits for this tab's person, to be named on the sign-in page; null when
 *  none waits or it has not said yet. Read only: signing in takes the interaction. */
export function pendingProduct(): NamedProduct | null {
  const pending = read();
  if (!pending || Date.now() - pending.at > INTERACTION_LIFETIME_MS) return null;
  return pending.product ?? null;
}

/** The interaction screen's address of the one that waits, forgotten here (the screen remembers it
 *  again while it goes on); null when none waits. */
export function takePendingInteraction(): string | null {
  const pending = read();
  forgetInteraction();
  if (!pending || Date.now() - pending.at > INTERACTION_LIFETIME_MS) return null;
  return authorizeScreenUrl(pending.uid);
}

export function authorizeScreenUrl(uid: string): string {
  return `${paths.authorize}?${new URLSearchParams({ [INTERACTION_QUERY]: uid }).toString()}`;
}
