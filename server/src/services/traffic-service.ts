/** The organisation's traffic allowance is read in the database layer, where the engine reads it too. */
export { readTraffic } from '../db/traffic.ts';
