import type { ApiErrorCode } from '@reachly/shared/constants';

/** Default messages of the API's errors, in one table (docs/design.md §3 error format). */
const MESSAGES: Record<ApiErrorCode, string> = {
  BAD_REQUEST: 'The request is not valid.',
  UNAUTHORIZED: 'Sign in first: no valid session or access token.',
  PAYMENT_REQUIRED: 'A valid licence is required.',
  FORBIDDEN: 'You may not do this.',
  BANNED: 'This account is banned.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with what exists.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request has the wrong media type.',
  TOO_MANY_REQUESTS: 'Too many requests; try again later.',
  INTERNAL: 'Something went wrong on our side.',
};

const STATUS: Record<ApiErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  BANNED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
};

/** An error the API answers as `{error: {code, message, details?}}` with its status. */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? MESSAGES[code]);
    this.status = STATUS[code];
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export const badRequest = (message?: string, details?: unknown) =>
  new HttpError('BAD_REQUEST', message, details);
export const unauthorized = (message?: string) => new HttpError('UNAUTHORIZED', message);
export const forbidden = (message?: string) => new HttpError('FORBIDDEN', message);
export const banned = () => new HttpError('BANNED');
export const notFound = (message?: string) => new HttpError('NOT_FOUND', message);
export const conflict = (message?: string) => new HttpError('CONFLICT', message);
export const tooManyRequests = () => new HttpError('TOO_MANY_REQUESTS');

/** PostgreSQL's unique_violation, raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
