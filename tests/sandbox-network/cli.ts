import { parseArgs } from 'node:util';
import { startSandbox } from './server.ts';

const USAGE = `Usage: npm run sandbox -- [options]

Starts the sandbox social network (server-rendered, in memory, seeded) and prints its URL and accounts.

  --seed <n>       seed of the people, groups and posts          (default 42)
  --port <n>       port to listen on, 0 for any free one          (default 4100)
  --speed <n>      network milliseconds per real millisecond      (default 1)
  --people <n>     how many people to seed                        (default 50)
  --skin <name>    sandbox, or facebook for the Facebook replica  (default sandbox)
  --big-group      put every person in the first group
  -h, --help       this text`;

/** The options, or the usage and exit 2 when they do not parse (an unknown option, a missing value). */
function parseCommandLine() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: {
        seed: { type: 'string', default: '42' },
        port: { type: 'string', default: '4100' },
        speed: { type: 'string', default: '1' },
        people: { type: 'string', default: '50' },
        skin: { type: 'string', default: 'sandbox' },
        'big-group': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = parseCommandLine();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

if (values.skin !== 'sandbox' && values.skin !== 'facebook') {
  console.error(`--skin is sandbox or facebook, not ${values.skin}\n\n${USAGE}`);
  process.exit(2);
}
const sandbox = await startSandbox({
  skin: values.skin,
  bigGroup: values['big-group'],
  seed: Number(values.seed),
  port: Number(values.port),
  speed: Number(values.speed),
  people: Number(values.people),
});
const accounts = [
  { login: 'demo', password: 'demo-password', name: 'Demo Profile' },
  { login: 'demo2', password: 'demo-password', name: 'Second Profile' },
  { login: 'checkpoint', password: 'demo-password', name: 'Suspicious Profile', suspicious: true },
];
for (const a of accounts) await sandbox.admin.createAccount(a);

console.log(
  `Sandbox network (${values.skin} skin) at ${sandbox.url} (seed ${values.seed}, clock speed ×${values.speed})`,
);
console.log(`Admin API (loopback only): ${sandbox.url}/admin`);
for (const a of accounts) {
  console.log(
    `  account ${a.login} / ${a.password}${a.suspicious ? '  (suspicious: gets a checkpoint)' : ''}`,
  );
}
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
