import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRAND } from '@reachly/shared/constants';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, shell, Tray } from 'electron';
import { createAgent } from '../src/agent/agent.ts';
import type { ReachlyAgent } from '../src/agent/api.ts';
import { findChromium } from './chromium-path.ts';
import { BRIDGE_PUSH_CHANNEL, forwardAgentPushes, registerBridgeIpc, VERSION_ARGUMENT } from './ipc.ts';
import { isInternalUrl, linkAction } from './links.ts';
import { readShellSettings, resolveServerUrl, type ShellPaths, shellPaths } from './shell-config.ts';
import { type TrayState, trayMenuTemplate, trayTooltip } from './tray-menu.ts';
import { RETRY_MS, unreachablePageUrl } from './unreachable-page.ts';
import { desktopUserAgent } from './user-agent.ts';

/**
 * The Electron shell's main process: one instance, one window on the dashboard, a tray with the
 * profile browsers, and the agent (desktop/src/agent), which does all the work. Logic lives in the
 * plain modules beside this file; this one only wires them to Electron.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** Quit waits this long for the agent to stop its browsers and report the last traffic. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * The agent's options, built in this one place. Profile browsers are visible (the CLI's default is
 * headless); the version is passed because the bundle cannot be trusted to find package.json.
 */
function agentOptions(serverUrl: string, paths: ShellPaths): NonNullable<Parameters<typeof createAgent>[0]> {
  const chromiumPath = findChromium({
    platform: process.platform,
    env: process.env,
    homedir: os.homedir(),
    exists: existsSync,
  });
  return {
    serverUrl,
    extensionDir: paths.extensionDir,
    version: app.getVersion(),
    headless: false,
    ...(chromiumPath ? { chromiumPath } : {}),
  };
}

let mainWindow: BrowserWindow | null = null;
let quitting = false;

if (app.requestSingleInstanceLock()) {
  app.on('second-instance', showWindow);
  app.on('activate', showWindow);
  // Closing the window hides it; the agent keeps the profile browsers running until Quit.
  app.on('window-all-closed', () => {});
  app.whenReady().then(start).catch(fail);
} else {
  app.quit();
}

async function start(): Promise<void> {
  const { serverUrl } = resolveServerUrl({
    argv: process.argv,
    env: process.env,
    settings: readShellSettings(app.getPath('userData')),
  });
  const version = app.getVersion();
  app.userAgentFallback = desktopUserAgent(app.userAgentFallback, version);
  const paths = shellPaths({
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
  });
  const agent: ReachlyAgent = await createAgent(agentOptions(serverUrl, paths));
  stopAgentOnQuit(agent);
  // Before the page loads: its start-up sends start-app with the access token at once.
  registerBridgeIpc(ipcMain, agent, {
    isTrustedSender: (event) => isInternalUrl(event.senderFrame?.url, serverUrl),
  });
  mainWindow = createWindow(serverUrl, version);
  forwardAgentPushes(agent, (push) => mainWindow?.webContents.send(BRIDGE_PUSH_CHANNEL, push));
  createTray(agent, paths.trayIcon);
}

function createWindow(serverUrl: string, version: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    title: BRAND,
    show: false,
    webPreferences: {
      preload: path.join(here, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      additionalArguments: [`${VERSION_ARGUMENT}${version}`],
    },
  });
  const load = (url: string) => win.loadURL(url).catch(() => {}); // failures arrive as did-fail-load
  win.once('ready-to-show', () => win.show());
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (linkAction(url, serverUrl) !== 'deny') void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event) => {
    const action = linkAction(event.url, serverUrl);
    if (action === 'internal') return;
    event.preventDefault();
    if (action === 'external') void shell.openExternal(event.url);
  });
  win.webContents.on('did-fail-load', (_event, code, description, _url, isMainFrame) => {
    if (!isMainFrame || code === -3) return; // -3: replaced by another navigation
    void load(unreachablePageUrl(serverUrl, description));
    setTimeout(() => {
      if (!win.isDestroyed()) void load(serverUrl);
    }, RETRY_MS);
  });
  win.on('close', (event) => {
    if (quitting) return;
    event.preventDefault();
    win.hide();
  });
  void load(serverUrl);
  return win;
}

function createTray(agent: ReachlyAgent, iconPath: string): Tray {
  const tray = new Tray(nativeImage.createFromPath(iconPath).resize({ width: 16, height: 16 }));
  const state: TrayState = { profiles: agent.runningProfiles(), signedIn: null };
  const render = () => {
    tray.setToolTip(trayTooltip(state.profiles));
    const template = trayMenuTemplate(state, { open: showWindow, quit: () => app.quit() });
    tray.setContextMenu(Menu.buildFromTemplate(template));
  };
  agent.on('profiles-changed', (profiles) => {
    state.profiles = profiles;
    render();
  });
  agent.on('session-changed', ({ signedIn }) => {
    state.signedIn = signedIn;
    render();
  });
  tray.on('double-click', showWindow);
  render();
  return tray;
}

function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/** The first quit waits for agent.stop() (at most STOP_TIMEOUT_MS), then quits for real. */
function stopAgentOnQuit(agent: ReachlyAgent): void {
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    if (quitting) return;
    quitting = true;
    const timeout = new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS));
    void Promise.race([
      agent.stop().catch((error) => console.error('Stopping the agent failed', error)),
      timeout,
    ]).finally(() => {
      stopped = true;
      app.quit();
    });
  });
}

function fail(error: unknown): void {
  console.error(error);
  dialog.showErrorBox(`${BRAND} could not start`, error instanceof Error ? error.message : String(error));
  app.exit(1);
}
