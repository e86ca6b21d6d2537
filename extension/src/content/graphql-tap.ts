/**
 * Runs in the page's own world from document_start (registered for the network's origin only):
 * keeps a copy of the JSON answers of /api/graphql/ the page's own script receives, for the
 * adapter, which reads lists from them instead of the markup. It reads answers and nothing else:
 * it never sends a request, and never changes what the page gets.
 */

export const TAP_SOURCE = 'reachly-graphql-tap';
/** The adapter's side asks for everything kept so far with this message. */
export const TAP_DUMP = 'reachly-graphql-dump';
const MAX_KEPT = 200;
const MAX_CHARS = 4_000_000;

export interface TapMessage {
  source: typeof TAP_SOURCE;
  answers: { seq: number; data: unknown }[];
}

const isGraphql = (url: string) => {
  try {
    return /\/api\/graphql\/?$/.test(new URL(url, location.href).pathname);
  } catch {
    return false;
  }
};

/** One answer may hold several JSON documents, one per line (streamed results). */
function parse(text: string): unknown[] {
  if (text.length > MAX_CHARS) return [];
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim().replace(/^for \(;;\);/, '');
    if (!trimmed) continue;
    try {
      out.push(JSON.parse(trimmed));
    } catch {
      /* not JSON: left out */
    }
  }
  return out;
}

export function installTap(win: Window & typeof globalThis = window): void {
  const scope = win as unknown as Record<string, unknown>;
  if (scope.__reachlyTap) return;
  scope.__reachlyTap = true;
  const kept: { seq: number; data: unknown }[] = [];
  let seq = 0;
  const post = (answers: { seq: number; data: unknown }[]) =>
    win.postMessage({ source: TAP_SOURCE, answers } satisfies TapMessage, win.location.origin);
  const keep = (text: string) => {
    const fresh = parse(text).map((data) => ({ seq: ++seq, data }));
    if (fresh.length === 0) return;
    kept.push(...fresh);
    kept.splice(0, Math.max(0, kept.length - MAX_KEPT));
    post(fresh);
  };
  const originalFetch = win.fetch.bind(win);
  win.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await originalFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (isGraphql(url))
      void response
        .clone()
        .text()
        .then(keep, () => undefined);
    return response;
  };
  const open = win.XMLHttpRequest.prototype.open;
  win.XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    const url = String(args[1] ?? '');
    if (isGraphql(url)) {
      this.addEventListener('load', () => {
        if (this.responseType === '' || this.responseType === 'text') keep(this.responseText);
      });
    }
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as typeof open;
  win.addEventListener('message', (event) => {
    if ((event.data as { source?: string } | null)?.source === TAP_DUMP) post([...kept]);
  });
}
