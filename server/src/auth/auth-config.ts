import { CredentialsSignin, type ExpressAuthConfig } from '@auth/express';
import Credentials from '@auth/express/providers/credentials';
import { AUTH_BASE_PATH, AUTH_PAGES } from '@reachly/shared/constants';
import { credentialsSchema } from '@reachly/shared/schemas';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { UsersService } from '../services/users-service.ts';

/** Sign-in of a banned user: Auth.js adds `code=banned` to the error redirect. */
class BannedSignin extends CredentialsSignin {
  override code = 'banned';
}

declare module '@auth/core/types' {
  interface Session {
    accessToken?: string;
  }
}

/**
 * Auth.js at /api/auth: a credentials provider over our users (argon2id), JWT sessions that carry
 * the user's id; the session answer carries the user's accessToken (DESIGN.md §3).
 */
export function createAuthConfig({
  config,
  users,
  logger,
}: {
  config: Config;
  users: UsersService;
  logger: Logger;
}): ExpressAuthConfig {
  return {
    basePath: AUTH_BASE_PATH,
    secret: config.AUTH_SECRET,
    trustHost: true,
    session: { strategy: 'jwt' },
    // The dashboard's own pages (Auth.js redirects there with ?callbackUrl / ?error).
    pages: { signIn: AUTH_PAGES.signIn, error: AUTH_PAGES.error },
    providers: [
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        async authorize(raw) {
          const parsed = credentialsSchema.safeParse(raw);
          if (!parsed.success) return null;
          const user = await users.verifyCredentials(parsed.data.email, parsed.data.password);
          if (!user) return null;
          if (user.is_banned) throw new BannedSignin();
          return { id: String(user.id), email: user.email };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user?.id) token.sub = user.id;
        return token;
      },
      // Read the user on every session call, so a changed email or token shows at once.
      async session({ session, token }) {
        const user = token.sub ? await users.findById(Number(token.sub)) : undefined;
        if (!user) return { ...session, user: undefined } as unknown as typeof session;
        session.user = { ...session.user, id: String(user.id), email: user.email };
        session.accessToken = user.access_token;
        return session;
      },
    },
    logger: {
      error: (error) => {
        // A wrong password is an everyday event, not a server error.
        const level = error.name === 'CredentialsSignin' || error.name === 'MissingCSRF' ? 'info' : 'error';
        logger[level]({ err: { name: error.name, message: error.message } }, 'auth');
      },
      warn: (code) => logger.warn({ code }, 'auth'),
      debug: () => {},
    },
  };
}
