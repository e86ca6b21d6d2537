import type { AgentEventName, AgentEvents } from './api.ts';

/**
 * The agent's typed events (api.ts AgentEvents) for its hosts: `on` returns the function that
 * removes the listener; a listener that throws does not stop the others.
 */
export interface AgentEmitter {
  on<E extends AgentEventName>(event: E, listener: (payload: AgentEvents[E]) => void): () => void;
  emit<E extends AgentEventName>(event: E, payload: AgentEvents[E]): void;
  clear(): void;
}

export function createEmitter(onListenerError: (error: Error) => void = () => {}): AgentEmitter {
  const listeners = new Map<AgentEventName, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (payload: never) => void);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          (listener as (p: typeof payload) => void)(payload);
        } catch (error) {
          onListenerError(error as Error);
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
