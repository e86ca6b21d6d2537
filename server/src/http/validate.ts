import type { z } from 'zod';
import { badRequest } from '../errors.ts';

/**
 * Parses input with a shared zod schema, or throws a 400 whose details are the zod issues
 * (path, code, message) and whose message is the first issue's, readable as is by the page
 * (shared/src/schemas/common.ts makes zod's own messages name their field).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map(String),
    code: i.code,
    message: i.message,
  }));
  throw badRequest(issues[0]?.message, issues);
}
