import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import type { ReachlyDesktopBridge } from '@reachly/shared/bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShell } from '../scripts/build-shell.ts';
import { DESKTOP_DIR } from '../scripts/installers.ts';
import { BRIDGE_PUSH_CHANNEL, registerBridgeIpc } from './ipc.ts';
import { createTestIpc } from './testing/ipc.ts';

/**
 * The shell as `npm run build:shell` builds it. The preload bundle runs in a bare context like a
 * sandboxed preload's (require gives electron only); the main bundle runs under Node with
 * testing/electron-stub.mjs standing in for Electron (no binary here) and the real agent, through
 * a short session: single-instance lock, window, IPC, links, tray, quit.
 */

declare const CustomEvent: new <T>(type: string, init?: { detail?: T }) => Event & { readonly detail: T };

let outDir: string;
let scratch: string;

beforeAll(async () => {
  // Two folders under desktop/, as dist/shell is (see build-shell.ts).
  outDir = path.join(DESKTOP_DIR, 'dist', `test-${randomBytes(4).toString('hex')}`);
  scratch = await mkdtemp(path.join(os.tmpdir(), 'reachly-shell-build-'));
  await buildShell(outDir);
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe('the preload bundle', () => {
  it('requires nothing but electron, as a sandboxed preload must', async () => {
    const code = await readFile(path.join(outDir, 'preload.cjs'), 'utf8');
    const required = new Set([...code.matchAll(/\brequire\((["'`])([^"'`]+)\1\)/g)].map((m) => m[2]));
    expect([...required]).toEqual(['electron']);
  });

  it('maps the page events to IPC and exposes window.reachlyDesktop', async () => {
    const code = await readFile(path.join(outDir, 'preload.cjs'), 'utf8');
    const ipc = createTestIpc('http://localhost:3000/');
    const machine = {
      machineId: 'm',
      reachlyVersion: '3.2.1',
      extensionVersion: null,
      platform: 'linux',
      OS: 'Linux',
    };
    registerBridgeIpc(ipc.ipcMain, {
      handleBridge: async (verb) => (verb === 'get-machine-data' ? machine : {}) as never,
    });
    const exposed: Record<string, unknown> = {};
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
      ipcRenderer: { invoke: ipc.invoke, on: ipc.on, removeListener: ipc.removeListener },
    };
    const page = new EventTarget();
    const context = vm.createContext({
      require: (id: string) => {
        if (id === 'electron') return electron;
        throw new Error(`A sandboxed preload cannot require ${id}`);
      },
      module: { exports: {} },
      exports: {},
      process: {
        argv: ['/opt/Reachly/reachly', '--type=renderer', '--reachly-version=3.2.1'],
        platform: 'linux',
      },
      addEventListener: page.addEventListener.bind(page),
      removeEventListener: page.removeEventListener.bind(page),
      dispatchEvent: page.dispatchEvent.bind(page),
      CustomEvent,
      Event,
    });
    vm.runInContext(code, context);

    const result = new Promise((resolve) =>
      page.addEventListener('reachly-get-machine-data-result', (e) =>
        resolve((e as Event & { detail: unknown }).detail),
      ),
    );
    page.dispatchEvent(new CustomEvent('reachly-get-machine-data', { detail: { requestId: 'r1' } }));
    expect(await result).toEqual({ requestId: 'r1', ok: true, ...machine });

    const alert = new Promise((resolve) =>
      page.addEventListener('reachly-show-update-alert', (e) =>
        resolve((e as Event & { detail: unknown }).detail),
      ),
    );
    ipc.send(BRIDGE_PUSH_CHANNEL, { verb: 'show-update-alert', payload: { offeredVersion: '4.0.0' } });
    expect(await alert).toEqual({ requestId: expect.any(String), offeredVersion: '4.0.0' });

    const api = exposed.reachlyDesktop as ReachlyDesktopBridge;
    expect(Object.keys(exposed)).toEqual(['reachlyDesktop']);
    expect([api.version, api.platform]).toEqual(['3.2.1', 'linux']);
    expect(await api.request('get-machine-data', {})).toEqual(machine);
  });
});

interface StubReport {
  calls: [string, unknown?][];
  userAgent: string;
  machineData?: unknown;
  foreignStartApp?: unknown;
  windowOpen?: unknown[];
  navigations?: { url: string; prevented: boolean }[];
  tooltip?: string;
  tray?: string[];
}

/** Runs the built main.mjs under Node with the Electron stub; resolves with its exit code and report. */
async function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; report: StubReport; output: string }> {
  const reportFile = path.join(scratch, `report-${randomBytes(4).toString('hex')}.json`);
  const register = pathToFileURL(path.join(import.meta.dirname, 'testing/electron-register.mjs')).href;
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', register, path.join(outDir, 'main.mjs')],
      {
        env: {
          ...process.env,
          STUB_REPORT: reportFile,
          STUB_USER_DATA: scratch,
          STUB_APP_PATH: DESKTOP_DIR,
          REACHLY_AGENT_HOME: path.join(scratch, 'agent'),
          REACHLY_SERVER_URL: 'http://127.0.0.1:9',
          CHROMIUM_PATH: '/usr/bin/chromium',
          ...env,
        },
        timeout: 30_000,
      },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, output: `${stdout}${stderr}` }),
    );
  });
  const report = existsSync(reportFile)
    ? (JSON.parse(await readFile(reportFile, 'utf8')) as StubReport)
    : null;
  if (!report) throw new Error(`main.mjs wrote no report (exit ${code}):\n${output}`);
  return { code, report, output };
}

describe('the main bundle', () => {
  it('quits at once when another instance holds the lock', async () => {
    const { code, report } = await runMain({ STUB_LOCK: 'taken' });
    expect(code).toBe(0);
    expect(report.calls).toEqual([['lock', false], ['quit']]);
  });

  it('runs a session: agent, IPC before the page, window, links, tray, quit after stopping the agent', async () => {
    const { code, report, output } = await runMain({});
    expect(
      report.calls.filter(([what]) => what === 'scenario failed' || what === 'errorBox'),
      output,
    ).toEqual([]);
    expect(code).toBe(0);
    const names = report.calls.map(([what]) => what);
    expect(names.indexOf('ipcMain.handle')).toBeLessThan(names.indexOf('loadURL'));

    const windowOptions = report.calls.find(([what]) => what === 'BrowserWindow')?.[1] as {
      webPreferences: Record<string, unknown>;
    };
    expect(windowOptions.webPreferences).toEqual({
      preload: path.join(outDir, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      additionalArguments: ['--reachly-version=3.2.1'],
    });
    expect(existsSync(windowOptions.webPreferences.preload as string)).toBe(true);
    expect(report.calls).toContainEqual(['loadURL', 'http://127.0.0.1:9']);
    expect(report.userAgent).toBe(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Electron/45.4.1 Safari/537.36 Reachly/3.2.1',
    );

    // The page's bridge reaches the real agent; another origin's frame does not.
    expect(report.machineData).toMatchObject({ ok: true, reachlyVersion: '3.2.1' });
    expect(report.foreignStartApp).toEqual({
      ok: false,
      error: 'Only the Reachly dashboard may talk to the desktop app',
    });

    // window.open is always denied; http(s) goes to the system browser, other schemes nowhere.
    expect(report.windowOpen).toEqual([{ action: 'deny' }, { action: 'deny' }]);
    expect(report.navigations).toEqual([
      { url: 'https://other.example/', prevented: true },
      { url: 'http://127.0.0.1:9/board', prevented: false },
      { url: 'javascript:alert(1)', prevented: true },
    ]);
    expect(report.calls.filter(([what]) => what === 'openExternal')).toEqual([
      ['openExternal', 'https://docs.example/help'],
      ['openExternal', 'https://other.example/'],
    ]);

    // Closing the window hides it while the agent runs; the tray lists the profiles and quits.
    expect(names).toContain('hide');
    expect(report.calls).toContainEqual(['icon', path.join(DESKTOP_DIR, 'electron/resources/icon.png')]);
    expect(report.tooltip).toBe('Reachly: no profile browser is open');
    expect(report.tray).toEqual([
      'No profile browser is open',
      '(separator)',
      'Open Reachly',
      'Quit Reachly',
    ]);
    // The first quit waits for agent.stop(), the second goes through.
    expect(names.filter((n) => n === 'quit')).toHaveLength(2);
  });
});
