import type { LoginStatus } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { ApiError, createApiClient } from '@reachly/shared/contract/client';
import type { ExtensionSession } from '@reachly/shared/extension';
import type { ExecutorEvent, TaskOutcomeBody } from '@reachly/shared/schemas';

// The one error class of every client: status 0 when the server could not be reached.
export { ApiError };

/** An outcome without the fields the client adds (profileId, attempt), spread over the union. */
export type Outcome = TaskOutcomeBody extends infer T
  ? T extends unknown
    ? Omit<T, 'profileId' | 'attempt'>
    : never
  : never;

/** The typed API client of a profile's session: its server, its access token. */
export function sessionClient(session: ExtensionSession, fetchImpl: typeof fetch = fetch) {
  return createApiClient({
    baseUrl: new URL(session.serverUrl).origin,
    headers: () => ({ authorization: session.accessToken }),
    fetch: fetchImpl,
  });
}

/** The task protocol of the contract (shared/src/contract/executor.ts) for one profile. */
export function createExecutorApi(session: ExtensionSession, fetchImpl: typeof fetch = fetch) {
  const { call } = sessionClient(session, fetchImpl);
  const { profileId } = session;
  return {
    claim: () => call(contract.executor.claim, { body: { profileId } }),
    started: (taskId: number, attempt: number) =>
      call(contract.executor.started, { params: { id: taskId }, body: { profileId, attempt } }),
    outcome: (taskId: number, attempt: number, outcome: Outcome) =>
      call(contract.executor.outcome, {
        params: { id: taskId },
        body: { ...outcome, profileId, attempt } as TaskOutcomeBody,
      }),
    /** A person's message from the inbox (action manualMessage): its own routes, its own ids. */
    manualStarted: (id: number, attempt: number) =>
      call(contract.executor.manualStarted, { params: { id }, body: { profileId, attempt } }),
    manualOutcome: (id: number, attempt: number, outcome: Outcome) =>
      call(contract.executor.manualOutcome, {
        params: { id },
        body: { ...outcome, profileId, attempt } as TaskOutcomeBody,
      }),
    /** The signed-in user's organisation (the room of the server's pushes). */
    organizationId: async (): Promise<number> => (await call(contract.user.get)).organizationId,
    campaign: (id: number) => call(contract.campaigns.get, { params: { id } }),
    /** What the network's pages show about this profile's log-in (the dashboard's profile list shows it). */
    loginStatus: (loginStatus: LoginStatus) =>
      call(contract.profiles.update, { body: { id: profileId, loginStatus } }),
    events: (events: ExecutorEvent[]) => call(contract.executor.events, { body: { profileId, events } }),
  };
}

export type ExecutorApi = ReturnType<typeof createExecutorApi>;
