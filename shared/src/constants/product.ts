/** The product key used wherever the spec writes {product} or {brand} (docs/design.md §1). */
export const PRODUCT_KEY = 'reachly';
export const BRAND = 'Reachly';

/** Desktop custom window events of spec §7 ("{product}-start-app" and friends). */
export const DESKTOP_EVENTS = {
  startApp: `${PRODUCT_KEY}-start-app`,
  pageLoaded: `${PRODUCT_KEY}-page-loaded`,
  showUpdateAlert: `${PRODUCT_KEY}-show-update-alert`,
} as const;

/** The desktop shell's user agent carries this token (`Reachly/<version>`). */
export const DESKTOP_USER_AGENT_TOKEN = `${BRAND}/`;
