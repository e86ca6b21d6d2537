import { EventEmitter } from 'node:events';
import type { IpcInvokeEventLike, IpcMainLike } from '../ipc.ts';

/**
 * Electron's IPC between main and one window, as far as the shell uses it, for tests under Node
 * (no Electron binary here): handle/invoke and send/on, with arguments and answers structured-cloned
 * as Electron does, and the same errors for a missing or second handler.
 */
export interface TestIpc {
  ipcMain: IpcMainLike;
  /** ipcRenderer.invoke */
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  /** webContents.send */
  send(channel: string, ...args: unknown[]): void;
  /** ipcRenderer.on; returns the remover */
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): () => void;
  /** ipcRenderer.removeListener */
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void;
  /** The frame that invokes, as main sees it (event.senderFrame). */
  frame: { url: string };
}

export function createTestIpc(frameUrl = 'http://localhost:3000/collections'): TestIpc {
  const handlers = new Map<string, (event: IpcInvokeEventLike, ...args: unknown[]) => unknown>();
  const renderer = new EventEmitter();
  const frame = { url: frameUrl };
  return {
    frame,
    ipcMain: {
      handle(channel, listener) {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, listener);
      },
      removeHandler(channel) {
        handlers.delete(channel);
      },
    },
    async invoke(channel, ...args) {
      const handler = handlers.get(channel);
      if (!handler)
        throw new Error(`Error invoking remote method '${channel}': No handler registered for '${channel}'`);
      const answer = await handler({ senderFrame: { url: frame.url } }, ...structuredClone(args));
      return structuredClone(answer);
    },
    send(channel, ...args) {
      renderer.emit(channel, {}, ...structuredClone(args));
    },
    on(channel, listener) {
      renderer.on(channel, listener);
      return () => renderer.removeListener(channel, listener);
    },
    removeListener(channel, listener) {
      renderer.removeListener(channel, listener);
    },
  };
}
