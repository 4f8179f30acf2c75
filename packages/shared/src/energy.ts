/** Entities shared by the energy products (docs/portal-and-products.md#shared-energy-entities); labels are in the
 *  locales under `energy`. */
export const PRICE_TYPES = ['sharp', 'peak', 'flat', 'valley', 'deepValley', 'noprice', 'total'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
