/** Screen tests' stand-in for the server: a table of routes behind a stubbed fetch. */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Stubs fetch with a route table `"METHOD /path"` → answer; records every request. An unknown
 * route fails the test loudly.
 */
export function routeFetch(
  routes: Record<string, (request: RecordedRequest) => Response | Promise<Response>>,
  requests: RecordedRequest[],
) {
  return async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const request: RecordedRequest = {
      method,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = routes[`${method} ${parsed.pathname}`];
    if (!handler) throw new Error(`unexpected ${method} ${url}`);
    return handler(request);
  };
}
