import path from 'node:path';
import type { ExpressAuthConfig } from '@auth/express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createReplyProvider, type ReplyProvider } from './ai/index.ts';
import { createAuthConfig } from './auth/auth-config.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import type { Config } from './config.ts';
import { type CampaignEngine, type Clock, createCampaignEngine, systemClock } from './engine/index.ts';
import { Realtime } from './realtime/realtime.ts';
import { type AdminService, createAdminService } from './services/admin-service.ts';
import { type AgentService, createAgentService } from './services/agent-service.ts';
import { type CampaignsService, createCampaignsService } from './services/campaigns-service.ts';
import { type CollectionsService, createCollectionsService } from './services/collections-service.ts';
import { type ConversationsService, createConversationsService } from './services/conversations-service.ts';
import {
  createDoNotContactService,
  type DoNotContactService,
} from './services/do-not-contact/do-not-contact-service.ts';
import { createExportsService, type ExportsService } from './services/exports/exports-service.ts';
import { createInboxService, type InboxService } from './services/inbox/inbox-service.ts';
import { createLeadsService, type LeadsService } from './services/leads-service.ts';
import { createMailer } from './services/mailer.ts';
import { createProfilesService, type ProfilesService } from './services/profiles-service.ts';
import { createReportsService, type ReportsService } from './services/reports/reports-service.ts';
import { createSecretBox } from './services/secret-box.ts';
import { createSettingsService, type SettingsService } from './services/settings-service.ts';
import { createTeamService, type TeamService } from './services/team/index.ts';
import { createPasswordResets, type PasswordResets } from './services/users/password-reset.ts';
import { createUsersService, type UsersService } from './services/users-service.ts';
import { createWebhooksService, type WebhooksService } from './services/webhooks/webhooks-service.ts';

/** Everything a route needs, built once per app: services get their dependencies here. */
export interface AppContext {
  config: Config;
  db: Knex;
  logger: Logger;
  users: UsersService;
  settings: SettingsService;
  admin: AdminService;
  collections: CollectionsService;
  leads: LeadsService;
  conversations: ConversationsService;
  /** The inbox: conversations across profiles and campaigns, and people's replies (issue 17). */
  inbox: InboxService;
  profiles: ProfilesService;
  campaigns: CampaignsService;
  /** The organisation's do-not-contact list (issue 17). */
  doNotContact: DoNotContactService;
  /** The scheduler and the executors' task protocol (docs/design.md §4). */
  engine: CampaignEngine;
  /** The time every scheduling decision reads (tests move it). */
  clock: Clock;
  /** The desktop agent's profiles, traffic reports, launch failures and cookies. */
  agent: AgentService;
  authConfig: ExpressAuthConfig;
  auth: ReturnType<typeof createAuthenticator>;
  /** Pushes to organisations' socket.io rooms. */
  realtime: Realtime;
  /** Members and roles, invitations, the organisation switch, API keys (services/team). */
  team: TeamService;
  /** CSV exports of leads, conversations and campaign results, streamed. */
  exports: ExportsService;
  /** Reports across campaigns over a range of days, and their CSV (issue 20). */
  reports: ReportsService;
  /** The forgotten password's one-time links, sent through SMTP (issue 19). */
  passwordResets: PasswordResets;
  /** Signed webhooks: endpoints, deliveries and the outbox's worker. */
  webhooks: WebhooksService;
}

export interface ContextOptions {
  config: Config;
  db: Knex;
  logger: Logger;
  clock?: Clock;
  /** Defaults to the provider the configuration names (AI_PROVIDER). */
  replyProvider?: ReplyProvider;
  /** Gaps and spintax; tests pass a seeded one. */
  random?: () => number;
}

export function createContext({
  config,
  db,
  logger,
  clock = systemClock,
  replyProvider,
  random,
}: ContextOptions): AppContext {
  const users = createUsersService({ db, config });
  const authConfig = createAuthConfig({ config, users, logger, db });
  const auth = createAuthenticator({ db, users, authConfig });
  const realtime = new Realtime(auth.handshake, logger);
  const settings = createSettingsService({ db });
  const collections = createCollectionsService({ db });
  const leads = createLeadsService({
    db,
    realtime,
    importSpoolDir: path.join(config.DATA_DIR, 'import-spool'),
  });
  const conversations = createConversationsService({ db });
  const secretBox = createSecretBox(config.PROXY_SECRET_KEY);
  const profiles = createProfilesService({ db, realtime, secretBox, clock });
  const provider =
    replyProvider ??
    createReplyProvider(config, {
      onFallback: (reason) => logger.warn({ reason }, 'AI provider failed; the offline classifier answered'),
    });
  const engine = createCampaignEngine({ db, realtime, clock, provider, logger, random });
  const campaigns = createCampaignsService({
    db,
    realtime,
    onRunning: engine.plan,
    onChanged: engine.settingsChanged,
    clock,
  });
  const admin = createAdminService({ db, users, settings, realtime, profiles });
  const agent = createAgentService({ db, realtime, clock, profiles, secretBox, logger });
  const webhooks = createWebhooksService({ db, config, clock, secretBox, logger, random });
  const passwordResets = createPasswordResets({ db, users, mailer: createMailer(config), logger, config });
  return {
    config,
    db,
    logger,
    users,
    settings,
    admin,
    authConfig,
    auth,
    realtime,
    conversations,
    inbox: createInboxService({ db }),
    profiles,
    collections,
    leads,
    campaigns,
    doNotContact: createDoNotContactService({ db }),
    engine,
    clock,
    agent,
    team: createTeamService({ db, realtime, forgetUser: users.forgetUser }),
    exports: createExportsService({ db, logger }),
    reports: createReportsService({ db, logger }),
    passwordResets,
    webhooks,
  };
}
