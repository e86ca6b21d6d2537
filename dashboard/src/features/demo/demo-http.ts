import type { z } from 'zod';
import { ApiError } from '../../lib/api.ts';

/** The path of the first string holding a NUL character, which the server's database cannot store. */
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
 * Parses input with a shared schema as the server does (server/src/http/validate.ts): a 400 whose
 * message is the first issue's and whose details are the zod issues; text with a NUL character is
 * refused first, as the server refuses it for every route.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = pathOfNul(input);
  if (nul) {
    const field = nul.join('.') || 'body';
    throw new ApiError(400, 'BAD_REQUEST', `${field}: text must not contain NUL characters`, [
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
  throw new ApiError(400, 'BAD_REQUEST', issues[0]?.message ?? 'Invalid input', issues);
}

export const notFound = (message: string) => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);

/** What a demo route handler receives. */
export interface DemoCall {
  /** The query string as the server would read it (every value a string). */
  query: Record<string, string>;
  /** Route parameters (`:id`). */
  params: Record<string, string>;
  json: unknown;
  body: BodyInit | undefined;
  now: Date;
}
