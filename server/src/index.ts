export { createApp } from './app.ts';
export { type Config, ConfigError, ENV_VARIABLES, loadConfig, parseEnv } from './config.ts';
export { type AppContext, createContext } from './context.ts';
export { createDatabase, migrateToLatest, toBigIntString, toCount } from './db/knex.ts';
export { type Clock, ManualClock, OffsetClock, systemClock } from './engine/index.ts';
export { HttpError } from './errors.ts';
export { createLogger } from './http/logger.ts';
export { type RunningServer, type StartOptions, startServer } from './server.ts';
export { tenant } from './services/tenancy.ts';
