/** Names shared with the other products on the main domain, which read them: never renamed
 *  (docs/portal-and-products.md#browser-storage). */
export const COOKIE_TOKEN = 'token';
export const COOKIE_ENTERPRISE_ID = 'enterpriseId';
export const COOKIE_LANG = 'langCode';
/** The portal's theme (light/dark), so that the server can send the sign-in page already drawn in it. */
export const COOKIE_THEME = 'portalTheme';

export const STORAGE_USER_INFO = '_userInfo';
export const STORAGE_ENTERPRISE_CONFIG = '_enterpriseConfig';
export const STORAGE_APP_PREFERENCES = '_appPreferences';

/** Query parameter on the app root that carries a token handed over by another product. */
export const QUERY_ARK_AUTH = 'arkAuth';
export const QUERY_PRODUCT_ID = 'productId';
export const QUERY_REFERRAL_ID = 'referralId';

export const HEADER_REDIRECT_PAGE = 'redirect-page';
export const REDIRECT_PAGE_NO_AUTH = '001';
