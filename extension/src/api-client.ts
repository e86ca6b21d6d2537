import type { LoginStatus } from '@reachly/shared/constants';
import type { ExtensionSession } from '@reachly/shared/extension';
import {
  type Campaign,
  type ClaimTaskResponse,
  campaignSchema,
  claimTaskResponseSchema,
  type ExecutorEvent,
  type ExecutorEventsResponse,
  executorEventsResponseSchema,
  type TaskOutcomeBody,
  type TaskOutcomeResponse,
  taskOutcomeResponseSchema,
  userSchema,
} from '@reachly/shared/schemas';

/** An API answer that was not 2xx: `status` 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An outcome without the fields the client adds (profileId, attempt), spread over the union. */
export type Outcome = TaskOutcomeBody extends infer T
  ? T extends unknown
    ? Omit<T, 'profileId' | 'attempt'>
    : never
  : never;

/** The task protocol (shared/src/schemas/executor.ts) for one profile, over fetch. */
export function createExecutorApi(session: ExtensionSession, fetchImpl: typeof fetch = fetch) {
  async function call<T>(method: string, path: string, body: unknown, parse: (v: unknown) => T): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(new URL(path, session.serverUrl), {
        method,
        headers: { 'content-type': 'application/json', authorization: session.accessToken },
        body: body === undefined ? null : JSON.stringify(body),
      });
    } catch (error) {
      throw new ApiError(0, `Reachly server unreachable: ${(error as Error).message}`);
    }
    const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res.ok) throw new ApiError(res.status, json?.error?.message ?? `HTTP ${res.status}`);
    return parse(json);
  }
  const post = <T>(path: string, body: unknown, parse: (v: unknown) => T) => call('POST', path, body, parse);
  const { profileId } = session;
  return {
    claim: (): Promise<ClaimTaskResponse> =>
      post('/api/executor/claim', { profileId }, (v) => claimTaskResponseSchema.parse(v)),
    started: (taskId: number, attempt: number) =>
      post(`/api/executor/tasks/${taskId}/started`, { profileId, attempt }, (v) => v),
    outcome: (taskId: number, attempt: number, outcome: Outcome): Promise<TaskOutcomeResponse> =>
      post(`/api/executor/tasks/${taskId}/outcome`, { ...outcome, profileId, attempt }, (v) =>
        taskOutcomeResponseSchema.parse(v),
      ),
    /** The signed-in user's organisation (the room of the server's pushes). */
    organizationId: (): Promise<number> =>
      call('GET', '/api/user', undefined, (v) => userSchema.parse(v).organizationId),
    campaign: (id: number): Promise<Campaign> =>
      call('GET', `/api/campaigns/${id}`, undefined, (v) => campaignSchema.parse(v)),
    /** What the network's pages show about this profile's log-in (the dashboard's profile list shows it). */
    loginStatus: (loginStatus: LoginStatus) =>
      call('PATCH', '/api/profiles', { id: profileId, loginStatus }, (v) => v),
    events: (events: ExecutorEvent[]): Promise<ExecutorEventsResponse> =>
      post('/api/executor/events', { profileId, events }, (v) => executorEventsResponseSchema.parse(v)),
  };
}

export type ExecutorApi = ReturnType<typeof createExecutorApi>;
