import type { Knex } from 'knex';

/**
 * What a lead's answer leaves on their card: the day they asked to be written to again
 * (contact-later), why a person should answer (the model could not), and a note a person can act
 * on (the person a wrong-person answer pointed to).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversations', (t) => {
    // The profile's local day (YYYY-MM-DD), as the lead named it: no time zone to convert.
    t.string('contact_on', 10).nullable();
    t.text('needs_person').nullable();
    t.text('note').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversations', (t) => {
    t.dropColumn('note');
    t.dropColumn('needs_person');
    t.dropColumn('contact_on');
  });
}
