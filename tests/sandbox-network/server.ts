import type { AddressInfo } from 'node:net';
import express from 'express';
import { type AdminClient, adminClient } from './admin-client.ts';
import { createContext, type SandboxContext } from './context.ts';
import { facebookAdminRoutes } from './facebook/admin.ts';
import { facebookRoutes } from './facebook/pages.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { groupRoutes } from './routes/groups.ts';
import { notFound, runDue, session } from './routes/http.ts';
import { messageRoutes } from './routes/messages.ts';
import { peopleRoutes } from './routes/people.ts';

export interface SandboxOptions {
  seed: number;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Clock speed factor: network milliseconds per real millisecond. */
  speed?: number;
  /** How many seeded people (default 50). */
  people?: number;
  /**
   * The pages: 'sandbox' (default, the demo's and the tests' own markup) or 'facebook', a replica
   * of facebook.com's public structure over the same state, people and admin API.
   */
  skin?: Skin;
  /** Makes the first group's members everybody (a group large enough to collect from in pages). */
  bigGroup?: boolean;
}

type Skin = 'sandbox' | 'facebook';

export interface Sandbox {
  url: string;
  admin: AdminClient;
  context: SandboxContext;
  close(): Promise<void>;
}

function createApp(ctx: SandboxContext, skin: Skin = 'sandbox'): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(runDue(ctx));
  app.use('/admin/facebook', facebookAdminRoutes(ctx));
  app.use('/admin', adminRoutes(ctx));
  if (skin === 'facebook') {
    app.use(facebookRoutes(ctx));
    return app;
  }
  app.use(express.urlencoded({ extended: false }), session(ctx));
  app.use(authRoutes(ctx), peopleRoutes(ctx), messageRoutes(ctx), groupRoutes(ctx));
  app.use((_req, res) => notFound(ctx, res));
  return app;
}

/** Starts the sandbox network on its own port. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const ctx = createContext({ seed: options.seed, people: options.people }, options.speed ?? 1);
  if (options.bigGroup) {
    const [first] = ctx.world.groups;
    if (first) first.memberSlugs = ctx.world.people.map((p) => p.slug);
    ctx.reset();
  }
  const app = createApp(ctx, options.skin);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    admin: adminClient(url),
    context: ctx,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
