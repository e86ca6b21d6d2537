import type { Server } from 'node:http';
import type { AppContext } from '../context.ts';
import { createDemoService, type DemoService } from './demo-service.ts';

export { DEMO_TIMERS, DEMO_TOKEN_PREFIX, type DemoService, isDemoToken } from './demo-service.ts';

const services = new WeakMap<AppContext, DemoService>();

/** The demo service of an app (one per context: the routes and the sweeper share it). */
export function demoServiceOf(ctx: AppContext): DemoService {
  let service = services.get(ctx);
  if (!service) {
    service = createDemoService({
      db: ctx.db,
      profiles: ctx.profiles,
      clock: ctx.clock,
      logger: ctx.logger,
      config: ctx.config,
    });
    services.set(ctx, service);
  }
  return service;
}

/** Starts the demo sweeper (reset on its timer, delete after idle) for as long as `server` listens. */
export function startDemoSweeper(ctx: AppContext, server: Server): void {
  const demo = demoServiceOf(ctx);
  demo.start();
  server.once('close', () => demo.stop());
}
