import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAgent, DEFAULT_CHROMIUM_PATH, DEFAULT_EXTENSION_DIR } from './agent.ts';
import type { RunningProfile } from './api.ts';
import { accessTokenFor } from './server-client.ts';

/**
 * `npm run agent -- --server URL (--email E | --token T) [--network URL] [--extension DIR] [--chromium PATH]
 * [--headful] [--home DIR] [--traffic-interval SECONDS] [--timezone-lookup URL]`: the desktop
 * agent without the Electron shell. It signs in, launches the browsers the running campaigns need,
 * logs what it does in plain lines (never a password or token) to the console and to
 * `<home>/logs/agent.log`, and stops cleanly (browsers closed, last traffic reported) on
 * Ctrl-C or SIGTERM. The server and token are saved, so later runs may leave them out. The
 * password comes from REACHLY_PASSWORD or a prompt, never the command line (ps and shell history
 * would show it).
 */

const USAGE = `Usage: npm run agent -- --server URL (--email E | --token ACCESS_TOKEN) [options]

  --server URL            the Reachly server (e.g. http://localhost:3000)
  --email E               sign in as on the dashboard; the password is read from REACHLY_PASSWORD,
                          else asked for (never on the command line)
  --token TOKEN           your access token (the dashboard's accessToken)
  --network URL           the social network's address handed to the extension
  --extension DIR         the built extension (default extension/.output/chrome-mv3)
  --chromium PATH         Chromium to launch (default ${DEFAULT_CHROMIUM_PATH})
  --headful               show the browser windows (needs a display)
  --home DIR              settings, profile folders and logs/agent.log (default: the app-data folder,
                          or REACHLY_AGENT_HOME)
  --traffic-interval S    seconds between traffic reports (default 30)
  --timezone-lookup URL   the IP lookup used for proxy timezones
  --help                  this text`;

function fail(message: string): never {
  console.error(`agent: ${message}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        network: { type: 'string' },
        extension: { type: 'string' },
        chromium: { type: 'string' },
        headful: { type: 'boolean', default: false },
        home: { type: 'string' },
        'traffic-interval': { type: 'string' },
        'timezone-lookup': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
})();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.password !== undefined) {
  fail(
    '--password is not accepted (ps and shell history would show it): set REACHLY_PASSWORD or answer the prompt',
  );
}

const checkUrl = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return value.replace(/\/+$/, '');
  } catch {
    fail(`--${name} must be an http(s) address, got ${JSON.stringify(value)}`);
  }
};

/** Relative paths are the caller's: npm runs the script from desktop/ and says where it was called. */
const callerDir = process.env.INIT_CWD ?? process.cwd();
const resolvePath = (p: string) => path.resolve(callerDir, p);

const extensionDir = values.extension ? resolvePath(values.extension) : DEFAULT_EXTENSION_DIR;
if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
  fail(
    `no built extension at ${extensionDir}.\n` +
      'Build it with `npm run build -w @reachly/extension` (or pass --extension DIR).',
  );
}
const chromiumPath = values.chromium ? resolvePath(values.chromium) : DEFAULT_CHROMIUM_PATH;
if (!existsSync(chromiumPath)) {
  fail(`no Chromium at ${chromiumPath}. Install it (apt-get install -y chromium) or pass --chromium PATH.`);
}
const trafficSeconds = values['traffic-interval'] === undefined ? 30 : Number(values['traffic-interval']);
if (!Number.isFinite(trafficSeconds) || trafficSeconds < 1)
  fail('--traffic-interval must be at least 1 second');

const stamp = () => new Date().toISOString().slice(11, 19);
/** The console half of the agent's log; the agent writes the same lines to its log file. */
const print = (line: string) => console.log(`${stamp()} ${line}`);

/** Asks for the password on the terminal without echoing it; '' when there is no terminal. */
async function askPassword(question: string): Promise<string> {
  if (!process.stdin.isTTY) return '';
  const { createInterface } = await import('node:readline');
  const { Writable } = await import('node:stream');
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = true;
  const password = await answer;
  rl.close();
  process.stdout.write('\n');
  return password;
}

const serverUrl = checkUrl('server', values.server) ?? null;
let accessToken = values.token ?? null;
if (values.email) {
  if (!serverUrl) fail('--email needs --server');
  const password = process.env.REACHLY_PASSWORD || (await askPassword(`Password for ${values.email}: `));
  if (!password) fail('--email needs a password: set REACHLY_PASSWORD or run in a terminal to be asked');
  accessToken = await accessTokenFor(serverUrl, values.email, password).catch((error: Error) =>
    fail(error.message),
  );
}

const agent = await createAgent({
  home: values.home ? resolvePath(values.home) : undefined,
  serverUrl,
  accessToken,
  networkUrl: checkUrl('network', values.network) ?? null,
  extensionDir,
  chromiumPath,
  headless: !values.headful,
  trafficIntervalMs: trafficSeconds * 1000,
  ...(values['timezone-lookup']
    ? { timezoneLookupUrl: checkUrl('timezone-lookup', values['timezone-lookup']) }
    : {}),
  log: print,
});
/** From here on every line also goes to the log file, redacted like the agent's own. */
const log = agent.log;
log(`home ${agent.home}`);
if (agent.logFile) log(`log file ${agent.logFile} (send it with a support request)`);

let shown = new Map<number, string>();
agent.on('profiles-changed', (profiles: RunningProfile[]) => {
  const next = new Map<number, string>();
  for (const p of profiles) {
    const line = `${p.state}${p.proxyPort ? ` via 127.0.0.1:${p.proxyPort}` : ''}${p.restarts ? `, ${p.restarts} restarts` : ''}${p.error ? ` (${p.error})` : ''}`;
    next.set(p.profileId, line);
    if (shown.get(p.profileId) !== line) log(`profile ${p.profileId} ${p.name}: ${line}`);
  }
  for (const id of shown.keys()) if (!next.has(id)) log(`profile ${id}: stopped`);
  shown = next;
});
agent.on('session-changed', ({ signedIn, serverUrl }) =>
  log(signedIn ? `session open on ${serverUrl}` : 'signed out'),
);
agent.on('show-update-alert', ({ offeredVersion }) =>
  log(`a newer Reachly desktop is offered: ${offeredVersion}`),
);

if (!accessToken && !serverUrl) log('waiting for a sign-in (start-app from the dashboard)');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      log('stopping now');
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: closing the browsers and reporting the last traffic…`);
    agent.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
