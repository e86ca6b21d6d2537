import { fileURLToPath } from 'node:url';
import { isTrafficLimitReached } from '@reachly/shared/logic';
import type { AgentProfile, MachineData } from '@reachly/shared/schemas';
import { AgentBridgeError, type ReachlyAgent, type RunningProfile } from './api.ts';
import { createBridgeHandler } from './bridge-handlers.ts';
import { startBridgeServer } from './bridge-server.ts';
import { type BrowserConfig, launchProfileBrowser, type ProfileBrowser } from './browser.ts';
import { createEmitter } from './events.ts';
import { startForwardingProxy } from './forwarding-proxy.ts';
import { type LogFile, openLogFile } from './log-file.ts';
import { collectMachineData, DESKTOP_VERSION } from './machine-data.ts';
import { agentHome, logFilePath, profileUserDataDir } from './paths.ts';
import { createRedactor } from './redact.ts';
import {
  ApiError,
  connectRealtime,
  createServerClient,
  type RealtimeConnection,
  type ServerClient,
} from './server-client.ts';
import { openSettings } from './settings.ts';
import { type BackoffOptions, createSupervisor, DEFAULT_BACKOFF, type Supervisor } from './supervisor.ts';
import { createTrafficMeter, type TrafficMeter } from './traffic-meter.ts';
import { createVersionChecker, type VersionChecker } from './version-check.ts';

/**
 * The desktop agent, wired (docs/design.md §2): settings in its home folder, the loopback bridge
 * server, and once signed in (a token from the command line, the saved settings, or the page's
 * start-app) a session: the server client, machine data sent, the socket, the supervisor of
 * profile browsers, the traffic meter and the version check. Signing in with another token ends
 * the old session first. Hosts use the returned ReachlyAgent; the bridge's URL and token go to
 * each profile browser's extension.
 */

/** The repository's built extension (`npm run build -w @reachly/extension`). */
export const DEFAULT_EXTENSION_DIR = fileURLToPath(
  new URL('../../../extension/.output/chrome-mv3', import.meta.url),
);
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export interface AgentOptions {
  /** Settings and profile folders (default: the platform's app-data folder, see paths.ts). */
  home?: string;
  /** The server to sign in to; saved in the settings (default: the saved one). */
  serverUrl?: string | null;
  /** Signs in at once with this token (default: the saved one, if any). */
  accessToken?: string | null;
  /** The social network's address, handed to the extension. */
  networkUrl?: string | null;
  /** The built extension folder (null: browsers without it). */
  extensionDir?: string | null;
  chromiumPath?: string;
  headless?: boolean;
  chromiumArgs?: string[];
  timezoneLookupUrl?: string;
  timezoneTimeoutMs?: number;
  /** How often counted traffic is reported (default 30 s). */
  trafficIntervalMs?: number;
  /** The slow poll of the wanted profiles, besides the socket's pushes (default 60 s). */
  pollIntervalMs?: number;
  /** How often the offered desktop version is checked (default 6 h). */
  versionCheckIntervalMs?: number;
  backoff?: Partial<BackoffOptions>;
  /** The bridge server's port (default: any free one). */
  bridgePort?: number;
  /** This app's version (default desktop/package.json's). */
  version?: string;
  /** Where each line goes besides the log file (default: the console). */
  log?: (line: string) => void;
  /** The log file (default `<home>/logs/agent.log`, see log-file.ts); null: none. */
  logFile?: string | null;
}

/** The agent plus what its launcher and tests need. */
export interface AgentHandle extends ReachlyAgent {
  readonly home: string;
  /** The log file a user can send (null when turned off). */
  readonly logFile: string | null;
  /** Writes a line to the agent's log (redacted, to the log file and the console). */
  log(line: string): void;
  /** The loopback bridge the extension relays to, and its secret. */
  readonly bridgeUrl: string;
  readonly bridgeToken: string;
  /** The profile's browser as it runs now (debugging and tests). */
  browserOf(profileId: number): ProfileBrowser | null;
  /** Signs in with a token (start-app does the same); the same token again changes nothing. */
  signIn(accessToken: string): Promise<void>;
  signOut(): Promise<void>;
  machineData(): Promise<MachineData>;
  /** Asks for a check of the profiles to run now; resolves when done. */
  checkProfiles(): Promise<void>;
}

interface Session {
  serverUrl: string;
  accessToken: string;
  client: ServerClient;
  supervisor: Supervisor<ProfileBrowser>;
  meter: TrafficMeter;
  realtime: RealtimeConnection;
  versions: VersionChecker;
}

export async function createAgent(options: AgentOptions = {}): Promise<AgentHandle> {
  // Every line is redacted: the token, the proxy passwords and credentials in URLs never reach it.
  const redactor = createRedactor();
  const write = options.log ?? ((line: string) => console.log(`[agent] ${line}`));
  const home = options.home ?? agentHome();
  const logFile: LogFile | null =
    options.logFile === null ? null : openLogFile(options.logFile ?? logFilePath(home));
  const log = (line: string) => {
    const redacted = redactor.redact(line);
    logFile?.write(redacted);
    write(redacted);
  };
  const settings = await openSettings(home);
  const version = options.version ?? DESKTOP_VERSION;
  const extensionDir = options.extensionDir === undefined ? DEFAULT_EXTENSION_DIR : options.extensionDir;
  const browserConfig: BrowserConfig = {
    chromiumPath: options.chromiumPath ?? DEFAULT_CHROMIUM_PATH,
    headless: options.headless ?? true,
    extensionDir,
    extraArgs: options.chromiumArgs ?? [],
  };
  const emitter = createEmitter((error) => log(`an event listener failed: ${error.message}`));
  let session: Session | null = null;
  let profiles: RunningProfile[] = [];
  let signing: Promise<void> = Promise.resolve();
  let stopped = false;

  if (options.serverUrl) await settings.update({ serverUrl: options.serverUrl.replace(/\/+$/, '') });

  const machineData = () =>
    collectMachineData({ machineId: settings.get().machineId, extensionDir, version });

  // The bridge's handler signs in (start-app); the session needs the bridge's address.
  const handleBridge = createBridgeHandler({
    machineData,
    signIn: (token) => signIn(token),
    timezone: {
      ...(options.timezoneLookupUrl ? { lookupUrl: options.timezoneLookupUrl } : {}),
      ...(options.timezoneTimeoutMs ? { timeoutMs: options.timezoneTimeoutMs } : {}),
    },
    log,
  });
  const bridgeServer = await startBridgeServer({ handle: handleBridge, log, port: options.bridgePort });
  log(`bridge listening on ${bridgeServer.url}`);

  async function endSession(): Promise<void> {
    const old = session;
    if (!old) return;
    session = null;
    old.versions.stop();
    old.realtime.close();
    await old.supervisor.stop();
    await old.meter.stop();
    profiles = [];
    emitter.emit('profiles-changed', []);
    emitter.emit('session-changed', { signedIn: false, serverUrl: old.serverUrl });
  }

  async function openSession(accessToken: string): Promise<void> {
    if (stopped) throw new AgentBridgeError('The desktop agent is stopping');
    const serverUrl = settings.get().serverUrl;
    if (!serverUrl) throw new AgentBridgeError('The desktop agent does not know the server address yet');
    if (session && session.accessToken === accessToken && session.serverUrl === serverUrl) return;
    redactor.add(accessToken);
    const client = createServerClient(serverUrl, accessToken);
    let organizationId: number;
    try {
      const user = await client.getUser();
      organizationId = user.organizationId;
      log(`signed in to ${serverUrl} as ${user.email}`);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        throw new AgentBridgeError('The server refused this access token');
      }
      throw new AgentBridgeError(`The server could not be reached: ${(error as Error).message}`);
    }
    await endSession();
    await settings.update({ serverUrl, accessToken });

    let supervisor: Supervisor<ProfileBrowser> | null = null;
    const meter = createTrafficMeter({
      report: (body) => client.reportTraffic(body),
      intervalMs: options.trafficIntervalMs ?? 30_000,
      onReported: (traffic) => {
        if (isTrafficLimitReached(traffic.remainingTraffic)) void supervisor?.check('no traffic left');
      },
      onError: (error) => log(`traffic report failed, kept for the next one: ${error.message}`),
      unknownProfiles: (error) => {
        const ids = (error as ApiError).status === 404 ? (error as ApiError).details : null;
        const list = (ids as { profileIds?: unknown } | null)?.profileIds;
        return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : [];
      },
    });
    const directUrls = [serverUrl, bridgeServer.url];
    supervisor = createSupervisor<ProfileBrowser>({
      fetchProfiles: async () => {
        const answer = await client.agentProfiles();
        for (const profile of answer.profiles) redactor.add(profile.proxy?.password);
        return answer;
      },
      startProxy: (upstream) => startForwardingProxy(upstream),
      launch: (profile: AgentProfile, proxy) =>
        launchProfileBrowser(browserConfig, {
          userDataDir: profileUserDataDir(home, profile.id),
          proxyUrl: proxy?.url ?? null,
          directUrls,
        }),
      prepare: (profile, browser) =>
        browser.connectExtension({
          serverUrl,
          accessToken,
          profileId: profile.id,
          profileName: profile.name,
          networkUrl: options.networkUrl ?? null,
          agentUrl: bridgeServer.url,
          agentToken: bridgeServer.token,
        }),
      importCookies: async (profile, browser) => {
        const { cookies, storedAt } = await client.profileCookies(profile.id);
        const imported = await browser.importCookies(cookies);
        await client.cookiesImported(profile.id, { storedAt, imported });
        log(`profile ${profile.id}: imported ${imported} of ${cookies.length} cookies`);
      },
      reportLaunchFailed: (profileId, message) =>
        client.reportLaunchFailed({ profileId, message: message.slice(0, 2000) }),
      meter,
      onChange: (running) => {
        profiles = running;
        emitter.emit('profiles-changed', running);
      },
      log,
      backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
      pollIntervalMs: options.pollIntervalMs ?? 60_000,
    });
    const versions = createVersionChecker({
      currentVersion: version,
      offeredVersion: async () => (await client.getUser()).offeredDesktopVersion,
      onUpdateOffered: (offeredVersion) => {
        log(`the server offers version ${offeredVersion} (this is ${version})`);
        emitter.emit('show-update-alert', { offeredVersion });
      },
      intervalMs: options.versionCheckIntervalMs ?? 6 * 3600_000,
      onError: (error) => log(`version check failed: ${error.message}`),
    });
    const realtime = connectRealtime({
      serverUrl,
      accessToken,
      organizationId,
      onChange: (reason) => void supervisor?.check(reason),
      onState: (state, detail) => log(`socket ${state}${detail ? `: ${detail}` : ''}`),
    });
    session = { serverUrl, accessToken, client, supervisor, meter, realtime, versions };
    emitter.emit('session-changed', { signedIn: true, serverUrl });
    void machineData()
      .then((data) => client.sendMachineData(data))
      .then(() => log('machine data sent'))
      .catch((error) => log(`could not send machine data: ${(error as Error).message}`));
    meter.start();
    supervisor.start();
    versions.start();
  }

  /** Sign-ins and sign-outs run one after another. */
  function serial(task: () => Promise<void>): Promise<void> {
    const next = signing.then(task);
    signing = next.catch(() => undefined);
    return next;
  }
  const signIn = (accessToken: string) => serial(() => openSession(accessToken));

  const handle: AgentHandle = {
    home,
    logFile: logFile?.path ?? null,
    log,
    bridgeUrl: bridgeServer.url,
    bridgeToken: bridgeServer.token,
    handleBridge,
    runningProfiles: () => profiles,
    on: (event, listener) => emitter.on(event, listener),
    browserOf: (profileId) => session?.supervisor.browserOf(profileId) ?? null,
    signIn,
    signOut: () =>
      serial(async () => {
        await endSession();
        await settings.update({ accessToken: null });
      }),
    machineData,
    checkProfiles: () => session?.supervisor.check('asked') ?? Promise.resolve(),
    async stop() {
      if (stopped) return;
      stopped = true;
      await signing.catch(() => undefined);
      await endSession();
      await bridgeServer.close();
      log('stopped');
      logFile?.close();
      emitter.clear();
    },
  };

  const token = options.accessToken ?? settings.get().accessToken;
  if (token) {
    await signIn(token).catch((error) => log(`could not sign in: ${(error as Error).message}`));
  }
  return handle;
}
