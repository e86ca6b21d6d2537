/**
 * @reachly/extension: the WXT (MV3) extension that runs campaign tasks in each profile browser
 * and relays the bridge protocol (DESIGN.md §2). The extension issue builds it with WXT; until
 * then this package holds the names the extension will answer to.
 */
import { DESKTOP_EVENTS, PRODUCT_KEY } from '@reachly/shared/constants';

export const EXTENSION_NAME = `${PRODUCT_KEY}-extension`;

/** Window events the extension's bridge content script will relay between page and desktop agent. */
export const RELAYED_DESKTOP_EVENTS = Object.values(DESKTOP_EVENTS);
