import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: Record<string, string>;
  body: string;
  /** The status answered (null: the request was held and never answered). */
  status: number | null;
}

/** What the receiver answers to a request: a status, or `hold` (no answer until the client gives up). */
export type Answer = number | 'hold';

/**
 * A webhook receiver on loopback: answers each request as `answer` says (200 by default), records
 * every request, and counts each `webhook-id`'s 2xx answers (what a receiver that dedupes sees).
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  answer: (request: { id: string; type: string; n: number }) => Answer = () => 200;
  /** Milliseconds before answering (lets two senders overlap). */
  delayMs = 0;
  #server: Server;
  #held: ServerResponse[] = [];
  url = '';

  constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    const id = headers['webhook-id'] ?? '';
    const type = (JSON.parse(body) as { type: string }).type;
    const n = this.requests.filter((r) => r.headers['webhook-id'] === id).length + 1;
    const answer = this.answer({ id, type, n });
    const record: ReceivedRequest = { headers, body, status: null };
    this.requests.push(record);
    if (answer === 'hold') {
      this.#held.push(res);
      return;
    }
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    record.status = answer;
    res.writeHead(answer, { 'content-type': 'text/plain' }).end(`answer ${answer} to ${id}`);
  }

  /** How many 2xx answers each webhook-id got. */
  acknowledged(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const r of this.requests) {
      if (r.status !== null && r.status >= 200 && r.status < 300) {
        const id = r.headers['webhook-id'] ?? '';
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** The types of the requests answered 2xx, in the order they arrived. */
  types(): string[] {
    return this.requests.map((r) => (JSON.parse(r.body) as { type: string }).type);
  }

  async close() {
    for (const res of this.#held) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
