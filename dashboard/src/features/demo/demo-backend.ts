import type { ApiRequest } from '../../lib/api.ts';

// Placeholder: filled in by the dashboard work in progress.
export async function handleDemoRequest(path: string, _request: ApiRequest): Promise<unknown> {
  throw new Error(`Demo mode does not answer ${path} yet`);
}
