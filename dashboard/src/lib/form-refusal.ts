import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';
import { detailsToIssues, type FormIssue } from './form-issues.ts';

/**
 * Shows a refused save in its form (spec §8): each field's message from the server's 400 details
 * (`toFields` maps the issues to fields) on that field, and the server's message above the form.
 */
export function showRefusal<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  toFields: (issues: FormIssue[]) => Iterable<readonly [string, string]>,
): void {
  const details = error instanceof ApiError ? error.details : undefined;
  for (const [field, message] of toFields(detailsToIssues(details))) {
    setError(field as FieldPath<T>, { type: 'server', message });
  }
  setError('root.server', { type: 'server', message: (error as Error).message });
}
