/** A zod issue, or one of the `details` of the server's 400 answer (docs/design.md §3 error format). */
export interface FormIssue {
  path?: readonly PropertyKey[];
  message: string;
  code?: string;
  expected?: string;
}

/** The server's 400 details, when they have the shape `[{path, message}]`; [] otherwise. */
export function detailsToIssues(details: unknown): FormIssue[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message } = d as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    return [{ path: Array.isArray(path) ? (path as PropertyKey[]) : [], message }];
  });
}
