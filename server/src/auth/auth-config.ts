import { CredentialsSignin, type ExpressAuthConfig } from '@auth/express';
import Credentials from '@auth/express/providers/credentials';
import { AUTH_BASE_PATH, AUTH_PAGES } from '@reachly/shared/constants';
import { credentialsSchema } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { UsersService } from '../services/users-service.ts';
import { endSessions, sessionVersionOf } from './sessions.ts';

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
 * the user's id and session version; the session answer carries the user's accessToken.
 */
export function createAuthConfig({
  config,
  users,
  logger,
  db,
}: {
  config: Config;
  users: UsersService;
  logger: Logger;
  /** Where sign-out ends the user's sessions (without it, sign-out only clears the cookie). */
  db?: Knex;
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
          return { id: String(user.id), email: user.email, sessionVersion: sessionVersionOf(user) };
        },
      }),
    ],
    callbacks: {
      // A token issued before the user's sessions were ended (sign-out anywhere) is dropped: null
      // makes Auth.js answer no session and clear the cookie.
      async jwt({ token, user }) {
        if (user?.id) {
          token.sub = user.id;
          token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
          return token;
        }
        const current = token.sub ? await users.findById(Number(token.sub)) : undefined;
        if (!current || Number(token.sv ?? 0) !== sessionVersionOf(current)) return null;
        return token;
      },
      // Read the user on every session call, so a changed email or token shows at once; a session
      // issued before the user's sessions were ended (a sign-out) names no user. A ban is refused
      // with 403 by the authenticator on every request.
      async session({ session, token }) {
        const user = token.sub ? await users.findById(Number(token.sub)) : undefined;
        const current = user && Number(token.sv ?? 0) === sessionVersionOf(user);
        if (!user || !current) return { ...session, user: undefined } as unknown as typeof session;
        session.user = { ...session.user, id: String(user.id), email: user.email };
        session.accessToken = user.access_token;
        return session;
      },
    },
    events: {
      // Sign-out ends the session and the access token everywhere, not only this browser's cookie.
      async signOut(message) {
        const sub = 'token' in message ? message.token?.sub : undefined;
        if (db && sub && Number.isInteger(Number(sub))) {
          await endSessions(db, Number(sub));
          users.forgetUser(Number(sub));
        }
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
