import { createRateLimiter, type RateLimiter } from './behaviours/rate-limit.ts';
import { createScheduler, type Scheduler } from './behaviours/scheduler.ts';
import { type Clock, createClock } from './clock.ts';
import { type SeedOptions, seedWorld, type World } from './seed.ts';
import { createState } from './state/store.ts';
import type { State } from './state/types.ts';

/** Everything the routes share; `state` is replaced on reset. */
export interface SandboxContext {
  world: World;
  state: State;
  clock: Clock;
  scheduler: Scheduler;
  limiter: RateLimiter;
  initialSpeed: number;
  reset(): void;
}

export function createContext(seed: SeedOptions, speed: number): SandboxContext {
  const world = seedWorld(seed);
  const clock = createClock(speed);
  const ctx: SandboxContext = {
    world,
    state: createState(world),
    clock,
    scheduler: createScheduler(clock),
    limiter: createRateLimiter(),
    initialSpeed: speed,
    reset() {
      ctx.state = createState(world);
      ctx.scheduler.clear();
      ctx.limiter.reset();
      ctx.clock.reset(speed);
    },
  };
  return ctx;
}
