import type { AddressInfo } from 'node:net';
import express from 'express';
import { type AdminClient, adminClient } from './admin-client.ts';
import { createContext, type SandboxContext } from './context.ts';
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
}

export interface Sandbox {
  url: string;
  admin: AdminClient;
  context: SandboxContext;
  close(): Promise<void>;
}

export function createApp(ctx: SandboxContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(runDue(ctx));
  app.use('/admin', adminRoutes(ctx));
  app.use(express.urlencoded({ extended: false }), session(ctx));
  app.use(authRoutes(ctx), peopleRoutes(ctx), messageRoutes(ctx), groupRoutes(ctx));
  app.use((_req, res) => notFound(ctx, res));
  return app;
}

/** Starts the sandbox network on its own port. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const ctx = createContext({ seed: options.seed, people: options.people }, options.speed ?? 1);
  const app = createApp(ctx);
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
