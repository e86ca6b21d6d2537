import {
  type CreateProfileBody,
  createProfileBodySchema,
  type UpdateProfileBody,
  updateProfileBodySchema,
} from '@reachly/shared/schemas';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { FormIssue } from '../../../lib/form-issues.ts';
import {
  formToPayload,
  type ProfileFormMode,
  type ProfileFormValues,
  type ProfilePayload,
} from './profile-form-values.ts';

/** The form fields a message of the shared schemas (or of the server) can point at. */
const PROFILE_FIELDS = [
  'name',
  'loginStatus',
  'proxySource',
  'proxyType',
  'HTTPProxyAddress',
  'proxyLogin',
  'proxyPassword',
  'proxyTimezone',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

export type ProfileBody = CreateProfileBody | UpdateProfileBody;

export interface ProfileIssues {
  /** The first message for each field. */
  fields: Partial<Record<ProfileField, string>>;
  /** Messages that name no field of the form (e.g. "Send at least one field to change"). */
  form: string | null;
}

type Issue = FormIssue;

function isProfileField(key: unknown): key is ProfileField {
  return typeof key === 'string' && (PROFILE_FIELDS as readonly string[]).includes(key);
}

/** Sorts issues (zod's, or the `details` of the server's 400) into field messages and a form message. */
export function issuesToProfileErrors(issues: readonly Issue[]): ProfileIssues {
  const result: ProfileIssues = { fields: {}, form: null };
  for (const issue of issues) {
    const field = issue.path?.[0];
    if (isProfileField(field)) result.fields[field] ??= issue.message;
    else result.form ??= issue.message;
  }
  return result;
}

export { detailsToIssues } from '../../../lib/form-issues.ts';

/** Judges the payload with the shared create / update schema, as the server will. */
function validateProfilePayload(
  payload: ProfilePayload,
  mode: ProfileFormMode,
): { ok: true; body: ProfileBody } | { ok: false; issues: ProfileIssues } {
  const result =
    mode.kind === 'create'
      ? createProfileBodySchema.safeParse(payload)
      : updateProfileBodySchema.safeParse(payload);
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, issues: issuesToProfileErrors(result.error.issues) };
}

/** react-hook-form resolver: the form's values → the body the shared schemas accept, or their messages. */
export const profileResolver: Resolver<ProfileFormValues, ProfileFormMode, ProfileBody> = (values, mode) => {
  const checked = validateProfilePayload(
    formToPayload(values, mode ?? { kind: 'create' }),
    mode ?? { kind: 'create' },
  );
  if (checked.ok) return { values: checked.body, errors: {} };
  const errors: FieldErrors<ProfileFormValues> = {};
  for (const [field, message] of Object.entries(checked.issues.fields)) {
    errors[field as ProfileField] = { type: 'schema', message };
  }
  if (checked.issues.form)
    errors.root = { schema: { type: 'schema', message: checked.issues.form } } as FieldErrors['root'];
  return { values: {}, errors };
};
