import { createRateLimiter, type RateLimiter } from './behaviours/rate-limit.ts';
import { createScheduler, type Scheduler } from './behaviours/scheduler.ts';
import { type Clock, createClock } from './clock.ts';
import { createFacebookState, type FacebookState } from './facebook/state.ts';
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
  /** What only the Facebook skin keeps (languages, roll-out, renamed labels). */
  facebook: FacebookState;
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
    facebook: createFacebookState(),
    reset() {
      ctx.state = createState(world);
      ctx.facebook = createFacebookState();
      ctx.scheduler.clear();
      ctx.limiter.reset();
      ctx.clock.reset(speed);
    },
  };
  return ctx;
}
