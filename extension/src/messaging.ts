import type {
  ExtensionMessage,
  ExtensionMessageType,
  ExtensionRequest,
  ExtensionResponse,
} from '@reachly/shared/extension';
import { browser } from 'wxt/browser';

/**
 * Typed messaging over the one protocol map (shared/src/extension.ts): popup, setup page and
 * content scripts → background with `sendMessage`, background → a tab's content script with
 * `sendToTab`; every receiver registers with `onMessage` for the types it answers.
 */

export function sendMessage<T extends ExtensionMessageType>(
  type: T,
  request: ExtensionRequest<T>,
): Promise<ExtensionResponse<T>> {
  return browser.runtime.sendMessage({ type, request } satisfies ExtensionMessage<T>) as Promise<
    ExtensionResponse<T>
  >;
}

export function sendToTab<T extends ExtensionMessageType>(
  tabId: number,
  type: T,
  request: ExtensionRequest<T>,
): Promise<ExtensionResponse<T>> {
  return browser.tabs.sendMessage(tabId, { type, request } satisfies ExtensionMessage<T>) as Promise<
    ExtensionResponse<T>
  >;
}

type Handlers = {
  [T in ExtensionMessageType]?: (request: ExtensionRequest<T>) => Promise<ExtensionResponse<T>>;
};

/** Answers the given message types; other messages are left to other listeners. */
export function onMessage(handlers: Handlers): () => void {
  const listener = (message: unknown) => {
    const { type, request } = (message ?? {}) as Partial<ExtensionMessage>;
    const handler = type ? (handlers[type] as ((r: unknown) => Promise<unknown>) | undefined) : undefined;
    // Returning a promise answers the sender (webextension-polyfill); undefined lets others answer.
    return handler ? handler(request) : undefined;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}
