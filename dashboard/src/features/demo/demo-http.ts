import type { z } from 'zod';
import { ApiError } from '../../lib/api.ts';

/** Parses input with a shared schema as the server does: a 400 whose message is the first issue's. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
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
