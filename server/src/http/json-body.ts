import express, { type RequestHandler } from 'express';
import { HttpError } from '../errors.ts';

/**
 * The body parser of JSON routes: a body that is not JSON answers 415, a body over `limit`
 * answers 413, malformed JSON answers 400 (error-middleware.ts). An empty body parses as {}.
 */
export function jsonBody(limit = '100kb'): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) {
      throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
    }
    next();
  };
  const emptyAsObject: RequestHandler = (req, _res, next) => {
    req.body ??= {};
    next();
  };
  return [requireJson, express.json({ limit }), emptyAsObject];
}
