import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BYTES_PER_GB } from '@reachly/shared/constants';
import { ApiError, contract, createApiClient, listEndpoints } from '@reachly/shared/contract';
import { locatorTableSchema } from '@reachly/shared/schemas';
import { ConfigError, loadConfig } from '../config.ts';
import { ADMIN_TOKEN_HEADER } from '../http/endpoints.ts';

const USAGE = `Usage: npm run admin -- <command> [arguments]

  create-user <email> <password>                 a user with its organisation and a trial
  grant-licence <email> --plan <plan> (--days <n> | --till <date>) [--trial]
  grant-traffic <email> <amount> [--set]         amount in bytes or with GB / MB; adds unless --set
  ban <email>        unban <email>
  attach-profiles <email> <profiles.json>        ready profiles ([{name, proxyType, HTTPProxyAddress, ...}])
  set-desktop-version <version>                  the desktop version the server offers
  publish-locators <table.json>                  the Facebook adapter's locator table for every browser
  reset-link <email>                             prints a fresh one-time password reset link (1 hour)

It talks to the running server (ADMIN_URL, default http://127.0.0.1:$PORT) with the admin token
of its DATA_DIR (or ADMIN_TOKEN), so run it with the same environment as the server.`;

/** A command's request to the admin API, or a usage error. */
export interface AdminRequest {
  path: string;
  body: unknown;
}

export class UsageError extends Error {}

const UNITS: Record<string, bigint> = { B: 1n, KB: 1024n, MB: 1024n * 1024n, GB: BigInt(BYTES_PER_GB) };

/** "10GB", "512MB", "1.5GB" or plain bytes → bytes as a decimal string. */
export function parseByteAmount(text: string): string {
  const match = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?$/i.exec(text.trim());
  if (!match) throw new UsageError(`"${text}" is not an amount: write bytes, or a number with GB or MB.`);
  const [, number = '0', unit = 'B'] = match;
  const [whole = '0', fraction = ''] = number.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const bytes = (BigInt(whole + fraction) * (UNITS[unit.toUpperCase()] ?? 1n)) / scale;
  return bytes.toString();
}

/** Whether the arguments ask for the usage text (`--help`, `-h` or `help`). */
function wantsHelp(argv: string[]): boolean {
  return argv.some((a) => a === '--help' || a === '-h') || argv[0] === 'help';
}

/** parseArgs, with its errors (an unknown option, a missing value) as usage errors. */
function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        plan: { type: 'string' },
        days: { type: 'string' },
        till: { type: 'string' },
        trial: { type: 'boolean', default: false },
        set: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function buildRequest(argv: string[], now = new Date()): AdminRequest {
  const { values, positionals } = parseCommandLine(argv);
  const [command, ...args] = positionals;
  const need = (n: number) => {
    if (args.length !== n) throw new UsageError(`${command} takes ${n} argument${n === 1 ? '' : 's'}.`);
    return args as string[];
  };
  switch (command) {
    case 'create-user': {
      const [email, password] = need(2);
      return { path: '/api/admin/users', body: { email, password } };
    }
    case 'grant-licence': {
      const [email] = need(1);
      if (!values.plan) throw new UsageError('grant-licence needs --plan.');
      let till: Date;
      if (values.days !== undefined) {
        const days = Number(values.days);
        if (!Number.isFinite(days) || days <= 0) throw new UsageError('--days takes a positive number.');
        till = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
      } else if (values.till !== undefined) {
        till = new Date(values.till);
        if (Number.isNaN(till.getTime())) throw new UsageError(`--till "${values.till}" is not a date.`);
      } else {
        throw new UsageError('grant-licence needs --days or --till.');
      }
      return {
        path: '/api/admin/licence',
        body: { email, plan: values.plan, licenseTill: till.toISOString(), isTrial: values.trial },
      };
    }
    case 'grant-traffic': {
      const [email, amount = ''] = need(2);
      return {
        path: '/api/admin/traffic',
        body: { email, bytes: parseByteAmount(amount), mode: values.set ? 'set' : 'add' },
      };
    }
    case 'ban':
    case 'unban': {
      const [email] = need(1);
      return { path: '/api/admin/ban', body: { email, banned: command === 'ban' } };
    }
    case 'attach-profiles': {
      const [email, file = ''] = need(2);
      let profiles: unknown;
      try {
        profiles = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new UsageError(`Cannot read profiles from ${file}: ${(error as Error).message}`);
      }
      return { path: '/api/admin/profiles', body: { email, profiles } };
    }
    case 'publish-locators': {
      const [file = ''] = need(1);
      let table: unknown;
      try {
        table = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new UsageError(`Cannot read a locator table from ${file}: ${(error as Error).message}`);
      }
      // Checked here first, so a bad file is explained and nothing is sent.
      const parsed = locatorTableSchema.safeParse(table);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(table)'}: ${i.message}`);
        throw new UsageError(
          `${file} is not a valid locator table; nothing was changed:\n${problems.join('\n')}`,
        );
      }
      return { path: '/api/admin/locators', body: parsed.data };
    }
    case 'reset-link': {
      const [email] = need(1);
      return { path: '/api/admin/reset-link', body: { email } };
    }
    case 'set-desktop-version': {
      const [version] = need(1);
      return { path: '/api/admin/desktop-version', body: { version } };
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.');
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(USAGE);
    return 0;
  }
  let request: AdminRequest;
  let config: ReturnType<typeof loadConfig>;
  try {
    request = buildRequest(argv);
    config = loadConfig();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const base = config.ADMIN_URL ?? `http://127.0.0.1:${config.PORT}`;
  const endpoint = listEndpoints(contract).find(
    (e) => e.endpoint.access === 'admin' && e.endpoint.path === request.path,
  )?.endpoint;
  if (!endpoint) throw new Error(`${request.path} is not an admin endpoint of the contract`);
  const { call } = createApiClient({
    baseUrl: base,
    headers: () => ({ [ADMIN_TOKEN_HEADER]: config.ADMIN_TOKEN }),
  });
  try {
    const answer = (await call(endpoint, { body: request.body } as never)) as unknown as { message: string };
    console.log(answer.message);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) {
      console.error(`No Reachly server answers at ${base}: start it with npm start (same environment).`);
    } else console.error(`Refused (${error.status}): ${error.message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
