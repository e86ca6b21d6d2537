import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, notFound } from '../errors.ts';

/** Unknown /api routes answer 404 JSON, not the HTML of the page. */
export const apiNotFound: RequestHandler = (req) => {
  throw notFound(`No route ${req.method} ${req.originalUrl.split('?')[0]}`);
};

/** body-parser's errors carry `type` and `status`. */
interface ParserError {
  type?: string;
  status?: number;
}

function fromParserError(error: ParserError): HttpError | null {
  switch (error.type) {
    case 'entity.parse.failed':
      return new HttpError('BAD_REQUEST', 'The body is not valid JSON.');
    case 'entity.too.large':
      return new HttpError('PAYLOAD_TOO_LARGE');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError('UNSUPPORTED_MEDIA_TYPE');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new HttpError('BAD_REQUEST', 'The body could not be read.');
    default:
      return null;
  }
}

/** The last middleware: every error becomes the JSON error body of docs/design.md §3; no stack traces. */
export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  const known =
    error instanceof HttpError
      ? error
      : typeof error === 'object' && error
        ? fromParserError(error as ParserError)
        : null;
  const http = known ?? new HttpError('INTERNAL');
  if (!known) req.log?.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(http.status).json(http.toBody());
};
