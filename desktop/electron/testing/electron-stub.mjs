import { writeFileSync } from 'node:fs';

/**
 * The few Electron APIs the shell's main process calls, recording what it does, so the built
 * dist/…/main.mjs can run under Node in shell-build.test.ts (no Electron binary here). Once the
 * window loads, it plays a short session: the page asks over IPC, links are clicked, the window
 * is closed, then Quit is chosen in the tray. Everything seen is written to STUB_REPORT as JSON.
 */

const report = { calls: [] };
const note = (what, data) => report.calls.push(data === undefined ? [what] : [what, data]);
const appListeners = {};
const windows = [];

function finish(code) {
  report.userAgent = app.userAgentFallback;
  writeFileSync(process.env.STUB_REPORT, JSON.stringify(report, null, 2));
  process.exit(code);
}

export const app = {
  isPackaged: false,
  userAgentFallback:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Reachly/0.0.1 Chrome/140.0.0.0 Electron/45.4.1 Safari/537.36',
  requestSingleInstanceLock() {
    const got = process.env.STUB_LOCK !== 'taken';
    note('lock', got);
    return got;
  },
  on(name, listener) {
    appListeners[name] = [...(appListeners[name] ?? []), listener];
    return app;
  },
  whenReady: () => Promise.resolve(),
  getPath: () => process.env.STUB_USER_DATA,
  getVersion: () => '3.2.1',
  getAppPath: () => process.env.STUB_APP_PATH,
  quit() {
    note('quit');
    let prevented = false;
    for (const listener of appListeners['before-quit'] ?? [])
      listener({ preventDefault: () => (prevented = true) });
    if (prevented) return;
    for (const win of windows) win.emit('close', { preventDefault: () => note('close prevented') });
    finish(0);
  },
  exit(code) {
    note('exit', code);
    finish(code);
  },
};

const handlers = new Map();
export const ipcMain = {
  handle(channel, listener) {
    note('ipcMain.handle', channel);
    handlers.set(channel, listener);
  },
  removeHandler: (channel) => handlers.delete(channel),
};

export const shell = { openExternal: async (url) => note('openExternal', url) };
export const dialog = { showErrorBox: (title, message) => note('errorBox', { title, message }) };
export const nativeImage = {
  createFromPath: (file) => {
    note('icon', file);
    return { resize: () => ({}) };
  },
};
export const Menu = { buildFromTemplate: (template) => template };

export class Tray {
  constructor() {
    Tray.last = this;
  }
  setToolTip(text) {
    this.tooltip = text;
  }
  setContextMenu(menu) {
    this.menu = menu;
  }
  on() {}
}

export class BrowserWindow {
  listeners = {};
  webContents = {
    listeners: {},
    setWindowOpenHandler: (handler) => (this.openHandler = handler),
    on: (name, listener) => (this.webContents.listeners[name] = listener),
    send: (channel, payload) => note('webContents.send', { channel, payload }),
  };
  constructor(options) {
    note('BrowserWindow', options);
    windows.push(this);
  }
  on(name, listener) {
    this.listeners[name] = [...(this.listeners[name] ?? []), listener];
  }
  once(name, listener) {
    this.on(name, listener);
  }
  emit(name, ...args) {
    for (const listener of this.listeners[name] ?? []) listener(...args);
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  show = () => note('show');
  hide = () => note('hide');
  focus = () => note('focus');
  restore = () => note('restore');
  loadURL(url) {
    note('loadURL', url);
    if (!this.played) {
      this.played = true;
      setImmediate(() =>
        this.play(url).catch((error) => note('scenario failed', String(error?.stack ?? error))),
      );
    }
    return Promise.resolve();
  }

  async play(url) {
    const bridge = handlers.get('reachly:bridge');
    report.machineData = await bridge({ senderFrame: { url: `${url}/signin` } }, 'get-machine-data', {});
    report.foreignStartApp = await bridge({ senderFrame: { url: 'https://evil.example/' } }, 'start-app', {
      accessToken: 'x',
    });
    report.windowOpen = [
      this.openHandler({ url: 'https://docs.example/help' }),
      this.openHandler({ url: 'file:///etc/passwd' }),
    ];
    report.navigations = ['https://other.example/', `${url}/board`, 'javascript:alert(1)'].map((target) => {
      let prevented = false;
      this.webContents.listeners['will-navigate']({ url: target, preventDefault: () => (prevented = true) });
      return { url: target, prevented };
    });
    this.emit('close', { preventDefault: () => note('close prevented') });
    report.tooltip = Tray.last.tooltip;
    report.tray = Tray.last.menu.map((item) => item.label ?? `(${item.type})`);
    Tray.last.menu.find((item) => item.label === 'Quit Reachly').click();
  }
}
