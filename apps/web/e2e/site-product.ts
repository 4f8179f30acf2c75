/**
 * The sample product that the launcher's site cards open: the microgrid manager, on a port of its
 * own that the e2e server's `PRODUCT_URLS` names, so its entry path `/mg` sends the browser there.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181) + 3;
export const SITE_PRODUCT_PORT = PORT;
export const SITE_PRODUCT_URL = `http://127.0.0.1:${PORT}/`;
