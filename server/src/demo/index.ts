import type { Server } from 'node:http';
import type { AppContext } from '../context.ts';
import { createDemoExecutor, type DemoExecutor } from './demo-executor.ts';
import { createDemoService, type DemoService } from './demo-service.ts';

export { isDemoToken } from './demo-identity.ts';

/** The demo's running campaigns take a step this often while a visitor watches. */
const DEMO_EXECUTOR_EVERY_MS = 20_000;

const services = new WeakMap<AppContext, { service: DemoService; executor: DemoExecutor }>();

function demoOf(ctx: AppContext) {
  let demo = services.get(ctx);
  if (!demo) {
    const deps = { db: ctx.db, clock: ctx.clock, logger: ctx.logger };
    demo = {
      service: createDemoService({ ...deps, profiles: ctx.profiles, config: ctx.config }),
      executor: createDemoExecutor({ ...deps, engine: ctx.engine }),
    };
    services.set(ctx, demo);
  }
  return demo;
}

/** The demo service of an app (one per context: the routes and the sweeper share it). */
export function demoServiceOf(ctx: AppContext): DemoService {
  return demoOf(ctx).service;
}

/** The server's stand-in for the demo profiles' browsers (demo-executor.ts). */
export function demoExecutorOf(ctx: AppContext): DemoExecutor {
  return demoOf(ctx).executor;
}

/**
 * Starts the demo's timers for as long as `server` listens: the sweeper (reset on its timer,
 * delete after idle) and the executor of the watched demos' running campaigns.
 */
export function startDemoSweeper(ctx: AppContext, server: Server): void {
  const { service, executor } = demoOf(ctx);
  service.start();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    executor
      .tick()
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'demo executor round failed'))
      .finally(() => {
        running = false;
      });
  }, DEMO_EXECUTOR_EVERY_MS);
  timer.unref();
  server.once('close', () => {
    service.stop();
    clearInterval(timer);
  });
}
