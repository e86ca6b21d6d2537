import type { Knex } from 'knex';

/** Statements the embedded database may run back to back, in ms, before the event loop gets a turn. */
const PGLITE_TURN_MS = 5;

/**
 * knex-pglite's client, taking turns with the event loop. PGlite runs each statement on the
 * server's one thread, synchronously, and knex hands its one connection to the next waiting query
 * as soon as a query ends, within the same turn of the event loop: under load the whole queue ran
 * before Node read another socket or accepted another connection. With 200 clients (the load
 * bench), the first request of the last connections waited a queue's length each, up to 4.5 s on
 * a quiet machine, and 68 to 371 of them went past the clients' 10 s on a busier one, while the
 * server answered the others in under half a second. Here a statement that would start more than
 * PGLITE_TURN_MS after the event loop's last turn waits for one (setImmediate) first. Queries keep
 * their order (knex's queue for the one connection is first come, first served).
 */
export function pgliteClientTakingTurns(Base: typeof Knex.Client): typeof Knex.Client {
  const Client = Base as unknown as new (
    ...args: unknown[]
  ) => { _query(connection: unknown, obj: unknown): Promise<unknown> };
  let turnAt = performance.now();
  let marked = false;
  const markTurn = () => {
    turnAt = performance.now();
    marked = false;
  };
  class TakingTurns extends Client {
    override async _query(connection: unknown, obj: unknown): Promise<unknown> {
      // The next turn of the event loop notes its time (the check phase, where setImmediate runs).
      if (!marked) {
        marked = true;
        setImmediate(markTurn);
      }
      if (performance.now() - turnAt > PGLITE_TURN_MS)
        await new Promise<void>((resolve) => setImmediate(resolve));
      return super._query(connection, obj);
    }
  }
  return TakingTurns as unknown as typeof Knex.Client;
}
