// Creates the embedded database's cluster in its own short-lived process (see createDatabase):
// initdb's memory goes away with this process instead of staying in the server's.
import { PGlite } from '@electric-sql/pglite';

const folder = process.argv[2];
if (!folder) throw new Error('usage: pglite-init.mjs FOLDER');
const db = new PGlite(folder);
await db.waitReady;
await db.close();
