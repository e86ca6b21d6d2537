import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** The extension's task protocol (docs/design.md §4): claim, started, outcome, and what it saw between tasks. */
export function executorHandlers({ engine }: AppContext): Handlers<Contract['executor']> {
  return {
    claim: ({ auth, body }) => engine.claim(auth.organizationId, body.profileId),
    started: ({ auth, params, body }) => engine.started(auth.organizationId, params.id, body),
    outcome: ({ auth, params, body }) => engine.outcome(auth.organizationId, params.id, body),
    manualStarted: ({ auth, params, body }) => engine.manualStarted(auth.organizationId, params.id, body),
    manualOutcome: ({ auth, params, body }) => engine.manualOutcome(auth.organizationId, params.id, body),
    events: ({ auth, body }) => engine.report(auth.organizationId, body),
  };
}
