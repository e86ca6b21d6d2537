import { ConfigError, loadConfig } from './config.ts';
import { DEMO_EMAIL, ensureDemoAccount } from './demo-account.ts';
import { startServer } from './server.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const running = await startServer({ config });
const where = config.embedded ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
const url = `http://localhost:${config.PORT === 0 ? new URL(running.url).port : config.PORT}`;
console.log(`Reachly is running at ${url} on the ${where}.`);
if (config.embedded) {
  const password = await ensureDemoAccount(running.ctx.db, running.ctx.users);
  if (password) {
    console.log(`A demo account was created. Sign in at ${url} with:`);
    console.log(`  email:    ${DEMO_EMAIL}`);
    console.log(`  password: ${password}`);
    console.log('This password is shown only once; it is stored only as a hash.');
  } else {
    console.log(`Sign in at ${url} with your account (the demo account is ${DEMO_EMAIL}).`);
  }
} else {
  console.log(`Sign up at ${url}/api/register or in the dashboard; no demo account is made on PostgreSQL.`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
