import { z } from 'zod';
import { templateErrors } from '../logic/templates.ts';

export const TEMPLATE_MAX_LENGTH = 2000;

/**
 * A message template (variables, spintax, `{{`/`}}` escapes: shared/src/logic/templates.ts) whose
 * variables must be built in or among `knownColumns` (a lead's imported columns), or, with 'any',
 * may name any column (checked by the server against the collection's columns). Each error is
 * one issue whose message names the variable or brace and its position.
 */
export function messageTemplateSchemaFor(knownColumns: readonly string[] | 'any' = []) {
  return z
    .string({ error: 'Template must be a string' })
    .trim()
    .min(1, 'Template must not be empty')
    .max(TEMPLATE_MAX_LENGTH, `Template must be at most ${TEMPLATE_MAX_LENGTH} characters`)
    .superRefine((template, ctx) => {
      for (const error of templateErrors(template, knownColumns)) {
        ctx.addIssue({ code: 'custom', message: error.message, params: { templateError: error } });
      }
    });
}

/** A message template using only the variables every lead has (firstName, lastName, name). */
export const messageTemplateSchema = messageTemplateSchemaFor();
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
