/** Where the network listener stamps each document it runs in, so the background can tell a new page from the old. */
export const PAGE_ID_KEY = '__reachlyPageId';
