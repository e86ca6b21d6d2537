import {
  fieldVariableKey,
  leadTemplateVariables,
  renderTemplate,
  seededRandom,
  stepTemplates,
  templateErrors,
  templateVariants,
  usedTemplateVariables,
} from '@reachly/shared/logic';
import type { CampaignStep, PreviewTemplateBody, PreviewTemplateResponse } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Tables } from '../../db/tables.ts';
import { badRequest } from '../../errors.ts';
import type { Tenant } from '../tenancy.ts';

/**
 * Templates against the leads they go to (issue 17): a step's variables may name the imported
 * columns of its collection's leads (`leads.fields`), which only the server knows; the preview
 * renders a real lead and counts the leads a variable would leave empty.
 */

/** The imported columns some lead of the collection has, as written in its CSV header. */
async function collectionColumns(db: Knex, t: Tenant, collectionId: number): Promise<string[]> {
  const rows = (await t
    .table('leads')
    .where('leads.collection_id', collectionId)
    .distinct(db.raw('jsonb_object_keys(fields) as key'))) as { key: string }[];
  return rows.map((r) => r.key);
}

/** 400 naming the step, the variable and its place when a template names a column no lead has. */
export async function checkStepColumns(
  db: Knex,
  t: Tenant,
  collectionId: number,
  steps: readonly CampaignStep[],
): Promise<void> {
  const templates = stepTemplates(steps);
  if (templates.every(({ template }) => templateErrors(template).length === 0)) return;
  const columns = await collectionColumns(db, t, collectionId);
  const issues = templates.flatMap(({ path, template, step }) =>
    templateErrors(template, columns).map((error) => ({
      path,
      code: 'custom',
      message: `${step}: ${error.message}`,
    })),
  );
  if (issues.length > 0) throw badRequest(issues[0]?.message, issues);
}

type LeadValues = Pick<Tables['leads'], 'id' | 'name' | 'first_name' | 'last_name' | 'fields'>;

const blank = (column: string) => `coalesce(btrim(${column}), '') = ''`;

/** SQL that is true for a lead with no value for `variable` (the built-in fallbacks included). */
function missingSql(variable: string): { sql: string; bindings: string[] } {
  if (variable === 'firstName') return { sql: `${blank('first_name')} and ${blank('name')}`, bindings: [] };
  if (variable === 'lastName') {
    return { sql: `${blank('last_name')} and coalesce(btrim(name), '') !~ '\\s'`, bindings: [] };
  }
  if (variable === 'name') {
    return { sql: `${blank('name')} and ${blank('first_name')} and ${blank('last_name')}`, bindings: [] };
  }
  return {
    sql: `not exists (select 1 from jsonb_each_text(fields) f
      where lower(regexp_replace(f.key, '[^A-Za-z0-9]', '', 'g')) = ? and btrim(f.value) <> '')`,
    bindings: [fieldVariableKey(variable)],
  };
}

/**
 * The preview for a real lead of the collection (for the sample `lead` while it has none): its text,
 * and the leads each variable leaves empty.
 */
export async function previewForCollection(
  db: Knex,
  t: Tenant,
  body: PreviewTemplateBody & { collectionId: number },
): Promise<PreviewTemplateResponse> {
  await t.findOwned('collections', body.collectionId, 'Collection');
  const unknown = templateErrors(body.template, await collectionColumns(db, t, body.collectionId));
  if (unknown.length > 0) {
    throw badRequest(
      unknown[0]?.message,
      unknown.map((e) => ({ path: ['template'], code: 'custom', message: e.message })),
    );
  }
  const leads = () =>
    t.table('leads').where('leads.collection_id', body.collectionId).andWhere('leads.is_excluded', false);
  const lead = (await (body.leadId === undefined
    ? leads().orderBy('leads.id')
    : leads().where('leads.id', body.leadId)
  ).first('id', 'name', 'first_name', 'last_name', 'fields')) as LeadValues | undefined;
  if (body.leadId !== undefined && !lead)
    throw badRequest(`leadId: lead ${body.leadId} is not in this collection.`);
  const used = usedTemplateVariables(body.template).filter((v) => !v.hasFallback);
  const counts = used.map((v) => missingSql(v.name));
  const [row] = (await leads().select(
    db.raw('count(*)::int as total'),
    ...counts.map(({ sql, bindings }, i) =>
      db.raw(`count(*) filter (where ${sql})::int as missing_${i}`, bindings),
    ),
  )) as Record<string, number>[];
  const random = body.seed === undefined ? Math.random : seededRandom(body.seed);
  const vars = lead
    ? leadTemplateVariables({
        firstName: lead.first_name,
        lastName: lead.last_name,
        name: lead.name,
        fields: lead.fields,
      })
    : // A collection without leads yet: the sample lead the page sent.
      (body.lead ?? {});
  return {
    text: renderTemplate(body.template, vars, random),
    variants: templateVariants(body.template),
    lead: lead
      ? {
          id: lead.id,
          name: lead.name ?? ([lead.first_name, lead.last_name].filter(Boolean).join(' ') || null),
        }
      : null,
    leads: row?.total ?? 0,
    missing: used
      .map((v, i) => ({ variable: v.name, leads: row?.[`missing_${i}`] ?? 0 }))
      .filter((m) => m.leads > 0),
  };
}
