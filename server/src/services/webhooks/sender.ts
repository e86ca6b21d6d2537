import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, refusedAddress } from './address-guard.ts';

/** How much of a receiver's answer is kept. */
const RESPONSE_SNIPPET_CHARS = 500;

export interface SignedRequest {
  url: string;
  messageId: string;
  /** The attempt's time: the `webhook-timestamp` header (Unix seconds). */
  at: Date;
  body: string;
  /** The endpoint's `whsec_` secrets in force (two during a rotation): one signature each. */
  secrets: readonly string[];
}

export interface SendResult {
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  latencyMs: number;
  snippet: string | null;
  error: string | null;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Aborts the request (the worker stopping). */
  signal?: AbortSignal;
}

/** The Standard Webhooks headers: id, timestamp, and the signatures of `id.timestamp.body`, space-separated. */
function signedHeaders(request: Omit<SignedRequest, 'url'>): Record<string, string> {
  const signatures = request.secrets.map((secret) =>
    new Webhook(secret).sign(request.messageId, request.at, request.body),
  );
  return {
    'webhook-id': request.messageId,
    'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * POSTs one signed delivery. Never throws: a refused address, a timeout or a network error is an
 * answer with no status. The body read stops at the snippet's length.
 */
export function sendSigned(request: SignedRequest, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) ? refusedAddress(host) : null;
  if (!options.allowPrivate && literal) {
    return Promise.resolve({ status: null, latencyMs: 0, snippet: null, error: `Refused: ${literal}` });
  }
  return new Promise<SendResult>((done) => {
    // The whole exchange (a silent socket as much as a slow trickle) is bounded by the timeout.
    const deadline = setTimeout(
      () => req.destroy(new Error(`No answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const resolve = (result: SendResult) => {
      clearTimeout(deadline);
      done(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Reachly-Webhooks/1',
          ...signedHeaders(request),
        },
        signal: options.signal,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < RESPONSE_SNIPPET_CHARS) text += chunk;
        });
        const finish = () =>
          resolve({
            status: res.statusCode ?? null,
            latencyMs: latency(),
            snippet: text.slice(0, RESPONSE_SNIPPET_CHARS),
            error: null,
          });
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    req.on('error', (error) =>
      resolve({ status: null, latencyMs: latency(), snippet: null, error: error.message }),
    );
    req.end(request.body);
  });
}
