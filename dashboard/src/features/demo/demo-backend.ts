import { ApiError, type ApiRequest, buildUrl } from '../../lib/api.ts';
import { createDemoDataset } from './demo-dataset.ts';
import { matchDemoRoute } from './demo-routes.ts';
import type { DemoDataset } from './demo-types.ts';

/** Every demo answer waits this long, so loading states show as they would with a server. */
export const DEMO_LATENCY_MS = 150;

let dataset: DemoDataset | null = null;
let latencyMs = DEMO_LATENCY_MS;

/** The page's demo data, made on first use; changes live in memory until the page reloads. */
export function demoDataset(): DemoDataset {
  dataset ??= createDemoDataset();
  return dataset;
}

/** Tests: start again from a fresh dataset (or the one given), with another latency. */
export function resetDemoBackend(options: { data?: DemoDataset; latencyMs?: number } = {}): void {
  dataset = options.data ?? null;
  latencyMs = options.latencyMs ?? DEMO_LATENCY_MS;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * The demo's backend (spec §2 demo mode): lib/api.ts sends every call here while isDemo is on.
 * Answers come from the in-page sample dataset with the shapes of the shared schemas; the query is
 * read exactly as the server would read the URL. Nothing goes to the network. An unknown route is
 * a 404 ApiError, invalid input a 400 with the server's message.
 */
export async function handleDemoRequest(path: string, request: ApiRequest): Promise<unknown> {
  await wait(latencyMs, request.signal);
  const url = new URL(buildUrl(path, request.query), 'http://demo.invalid');
  const method = request.method ?? 'GET';
  const route = matchDemoRoute(method, url.pathname);
  if (!route) throw new ApiError(404, 'NOT_FOUND', `Demo mode has no ${method} ${url.pathname}.`);
  const answer = await route.handler(demoDataset(), {
    query: Object.fromEntries(url.searchParams),
    params: route.params,
    json: request.json === undefined ? undefined : structuredClone(request.json),
    body: request.body,
    now: new Date(),
  });
  // A copy: the caller (TanStack Query's cache, optimistic updates) never shares objects with the store.
  return structuredClone(answer);
}
