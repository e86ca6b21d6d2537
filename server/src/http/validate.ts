import type { z } from 'zod';
import { badRequest } from '../errors.ts';

/**
 * Parses input with a shared zod schema, or throws a 400 whose details are the zod issues
 * (path, code, message) and whose message is the first issue, readable as is by the page.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map(String),
    code: i.code,
    message: i.message,
  }));
  const first = issues[0];
  const message = first
    ? first.path.length
      ? `${first.path.join('.')}: ${first.message}`
      : first.message
    : undefined;
  throw badRequest(message, issues);
}
