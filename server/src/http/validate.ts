import type { z } from 'zod';
import { badRequest } from '../errors.ts';

/** The path of the first string holding a NUL character, which PostgreSQL cannot store in text. */
function pathOfNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = pathOfNul(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Parses input with a shared zod schema, or throws a 400 whose details are the zod issues
 * (path, code, message) and whose message is the first issue's, readable as is by the page
 * (shared/src/schemas/common.ts makes zod's own messages name their field). Text with a NUL
 * character is refused here for every route, since PostgreSQL cannot store it.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = pathOfNul(input);
  if (nul) {
    const field = nul.join('.') || 'body';
    throw badRequest(`${field}: text must not contain NUL characters`, [
      { path: nul, code: 'invalid_string', message: 'text must not contain NUL characters' },
    ]);
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map(String),
    code: i.code,
    message: i.message,
  }));
  throw badRequest(issues[0]?.message, issues);
}
