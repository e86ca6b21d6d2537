import type { Knex } from 'knex';

/**
 * The demo's own table: one row per demo organisation, with the visitor it belongs to (a hash of
 * the id the page keeps), its user, and the times the sweeper reads. The demo module migrates it
 * itself, with its own migration list and knex table, so that it comes and goes with the module.
 */
const migrations: Record<string, Knex.Migration> = {
  '20261126200100-create-demo-sessions': {
    async up(knex) {
      await knex.schema.createTable('demo_sessions', (t) => {
        t.integer('organization_id').primary().references('organizations.id').onDelete('CASCADE');
        t.integer('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
        // sha256 of the visitor id, hex: the id itself is never stored.
        t.string('visitor_key', 64).notNullable().unique();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('seeded_at', { useTz: true }).notNullable();
        t.timestamp('last_seen_at', { useTz: true }).notNullable();
        t.index(['last_seen_at']);
        t.index(['seeded_at']);
      });
    },
    async down(knex) {
      await knex.schema.dropTable('demo_sessions');
    },
  },
};

const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`unknown demo migration ${name}`);
    return migration;
  },
};

const migrated = new WeakMap<Knex, Promise<void>>();

/** Creates the demo's table once per database handle (after the main migrations). */
export function migrateDemoStore(db: Knex): Promise<void> {
  let done = migrated.get(db);
  if (!done) {
    done = db.migrate.latest({ migrationSource, tableName: 'demo_knex_migrations' }).then(() => undefined);
    done.catch(() => migrated.delete(db));
    migrated.set(db, done);
  }
  return done;
}

export interface DemoSessionRow {
  organization_id: number;
  user_id: number;
  visitor_key: string;
  created_at: Date | string;
  seeded_at: Date | string;
  last_seen_at: Date | string;
}
