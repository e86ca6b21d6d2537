import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AGENT_TOKEN_HEADER,
  BRIDGE_VERBS,
  type BridgeRequestMap,
  type BridgeVerb,
  bridgeRequestPayloadSchemas,
} from '@reachly/shared/bridge';
import type { z } from 'zod';
import { AgentBridgeError, type ReachlyAgent } from './api.ts';

/**
 * The agent's loopback bridge for the extension (shared/src/bridge.ts): `POST /bridge/<verb>` on
 * 127.0.0.1 with the header `x-reachly-agent-token` (a random secret made at start and handed to
 * each profile browser's extension with its session; 401 without it), the JSON payload checked
 * with the verb's shared schema (400 with the problem), answered `{ok: true, ...}` or
 * `{ok: false, error}` as the extension relays it to the page. No CORS: pages cannot call it.
 */

export interface BridgeServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const MAX_ERROR_LENGTH = 1000;

function send(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

const failure = (message: string) => ({ ok: false, error: message.slice(0, MAX_ERROR_LENGTH) });

/** One line from the zod issues: `field: message; ...`. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startBridgeServer(options: {
  handle: ReachlyAgent['handleBridge'];
  log: (line: string) => void;
  token?: string;
  port?: number;
}): Promise<BridgeServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const server = createServer((req, res) => {
    void answer(req, res).catch((error) => {
      options.log(`bridge: ${(error as Error).message}`);
      if (!res.headersSent) send(res, 500, failure('The desktop agent failed to answer'));
    });
  });

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/bridge\/([a-z-]+)$/.exec(new URL(req.url ?? '/', 'http://agent').pathname);
    const verb = match?.[1] as BridgeVerb | undefined;
    if (!verb || !(BRIDGE_VERBS as readonly string[]).includes(verb)) {
      return send(res, 404, failure('Unknown bridge request'));
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return send(res, 405, failure('Use POST'));
    }
    if (!sameSecret(req.headers[AGENT_TOKEN_HEADER], token)) {
      return send(res, 401, failure('The agent token is missing or wrong'));
    }
    const text = await readBody(req);
    if (text === null) return send(res, 413, failure('The request is too large'));
    let json: unknown;
    try {
      json = text.trim() ? JSON.parse(text) : {};
    } catch {
      return send(res, 400, failure('The request is not JSON'));
    }
    const parsed = bridgeRequestPayloadSchemas[verb].safeParse(json);
    if (!parsed.success) return send(res, 400, failure(describeIssues(parsed.error)));
    try {
      const result = await options.handle(verb, parsed.data as BridgeRequestMap[typeof verb]);
      send(res, 200, { ok: true, ...(result as object) });
    } catch (error) {
      if (error instanceof AgentBridgeError) return send(res, 200, failure(error.message));
      options.log(`bridge ${verb}: ${(error as Error).stack ?? error}`);
      send(res, 500, failure(`The desktop agent failed: ${(error as Error).message}`));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
