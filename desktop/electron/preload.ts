import { contextBridge, ipcRenderer } from 'electron';
import { type BridgeInvoke, type BridgeTarget, createDesktopBridgeApi, mapBridge } from './bridge-mapping.ts';
import { BRIDGE_INVOKE_CHANNEL, BRIDGE_PUSH_CHANNEL } from './ipc.ts';

/**
 * The shell's preload (sandboxed, context-isolated; built into one CommonJS file whose only require
 * is electron): the bridge window events mapped to IPC, and `window.reachlyDesktop`.
 */

const invoke: BridgeInvoke = (verb, payload) => ipcRenderer.invoke(BRIDGE_INVOKE_CHANNEL, verb, payload);

mapBridge({
  target: globalThis as unknown as BridgeTarget,
  invoke,
  onPush: (listener) => {
    const handler = (_event: unknown, push: unknown) => listener(push);
    ipcRenderer.on(BRIDGE_PUSH_CHANNEL, handler);
    return () => ipcRenderer.removeListener(BRIDGE_PUSH_CHANNEL, handler);
  },
});

contextBridge.exposeInMainWorld(
  'reachlyDesktop',
  createDesktopBridgeApi({ invoke, argv: process.argv, platform: process.platform }),
);
