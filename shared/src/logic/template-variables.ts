/**
 * A template's variables and their values for one lead (docs/design.md §4): the built-in name
 * fields with their fallbacks between them, and the lead's imported CSV columns ("Company name" is
 * `{companyName}`, in any case). Pure.
 */

/** Variables every lead has (with fallbacks between them, see `renderTemplate`). */
export const BUILTIN_TEMPLATE_VARIABLES = ['firstName', 'lastName', 'name'] as const;

/** Values of a lead's variables; missing, null and blank values count as missing. */
export type TemplateVariables = Readonly<Record<string, string | null | undefined>>;

/**
 * The variable name an imported column is written as: its words in camel case ("Company name" →
 * `companyName`, "company" → `company`); it answers to `fieldVariableKey`.
 */
export function fieldVariableName(column: string): string {
  const words = column.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

function clean(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ');
}

/**
 * The key a lead's imported column answers to as a variable: letters and digits, lower case. So
 * `{company}`, `{Company}` and `{companyName}` find the columns "Company" and "Company name".
 */
export function fieldVariableKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A lead's variables: its name fields, and each imported column under `fieldVariableKey`. */
export function leadTemplateVariables(lead: {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
  fields?: Readonly<Record<string, string>> | null;
}): Record<string, string | null | undefined> {
  const vars: Record<string, string | null | undefined> = {};
  for (const [key, value] of Object.entries(lead.fields ?? {})) {
    const variable = fieldVariableKey(key);
    if (variable && !clean(vars[variable])) vars[variable] = value;
  }
  return { ...vars, firstName: lead.firstName, lastName: lead.lastName, name: lead.name };
}

/**
 * A variable's value, with the fallbacks: firstName → first word of name; lastName → the rest of
 * name (when it has two words or more); name → firstName and lastName; any other name → the
 * imported column it answers to (`fieldVariableKey`), else ''.
 */
export function resolveTemplateVariable(name: string, vars: TemplateVariables): string {
  const key = Object.hasOwn(vars, name) ? name : fieldVariableKey(name);
  const own = clean(Object.hasOwn(vars, key) ? vars[key] : undefined);
  if (own) return own;
  const words = clean(vars.name).split(' ').filter(Boolean);
  if (name === 'firstName') return words[0] ?? '';
  if (name === 'lastName') return words.length >= 2 ? words.slice(1).join(' ') : '';
  if (name === 'name') return [clean(vars.firstName), clean(vars.lastName)].filter(Boolean).join(' ');
  return '';
}
