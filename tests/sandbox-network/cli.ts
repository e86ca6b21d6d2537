import { parseArgs } from 'node:util';
import { startSandbox } from './server.ts';

/** npm run sandbox [-- --seed 42 --port 4100 --speed 60 --people 50 --skin sandbox|facebook --big-group] */
const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '42' },
    port: { type: 'string', default: '4100' },
    speed: { type: 'string', default: '1' },
    people: { type: 'string', default: '50' },
    skin: { type: 'string', default: 'sandbox' },
    'big-group': { type: 'boolean', default: false },
  },
});

if (values.skin !== 'sandbox' && values.skin !== 'facebook') {
  console.error(`--skin is sandbox or facebook, not ${values.skin}`);
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
