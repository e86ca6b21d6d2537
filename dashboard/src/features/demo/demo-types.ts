import type {
  Campaign,
  CampaignAction,
  CampaignLog,
  Conversation,
  ConversationMessage,
  Lead,
  MachineData,
  Profile,
  UserResponse,
} from '@reachly/shared/schemas';

/** A collection as the demo keeps it; its counters are counted from the leads when asked. */
export interface DemoCollection {
  id: number;
  name: string;
  createdAt: string;
}

export type DemoLead = Lead;

export interface DemoConversation extends Conversation {
  messages: ConversationMessage[];
}

/** A profile with its proxy password, which answers never carry (only hasProxyPassword). */
export interface DemoProfile extends Profile {
  proxyPassword: string | null;
}

/** A campaign as answers carry it (its profileIds ascending, as the server lists them). */
export type DemoCampaign = Campaign;

/**
 * A task a campaign has done (the demo keeps no pending ones: nothing runs them). Stats, the funnel
 * and the profiles' counts of today are counted from these, as the server counts campaign_tasks.
 */
export interface DemoCampaignTask {
  id: number;
  campaignId: number;
  profileId: number | null;
  leadId: number | null;
  /** The server's step_key: the step type, `followUp:<n>:<repeat>` or `aiReply:<message id>`. */
  stepKey: string;
  action: CampaignAction;
  finishedAt: string;
  /** friendRequest only: when the lead accepted (the server's leads.friend_accepted_at), or null. */
  acceptedAt: string | null;
}

/** A profile paused by a RESTRICTION or DANGER signal until `until`. */
export interface DemoProfilePause {
  profileId: number;
  until: string;
  /** `<signal>: <what the network showed>`, as the server keeps it. */
  reason: string;
}

/** Cookies given for a profile: only how many and when; the demo has no desktop app to import them. */
export interface DemoProfileCookies {
  profileId: number;
  count: number;
  storedAt: string;
}

/** Everything the demo backend answers from; changed in memory only, for the life of the page. */
export interface DemoDataset {
  user: UserResponse;
  traffic: { limit: bigint; used: bigint };
  collections: DemoCollection[];
  leads: DemoLead[];
  conversations: DemoConversation[];
  profiles: DemoProfile[];
  machineData: MachineData | null;
  campaigns: DemoCampaign[];
  campaignTasks: DemoCampaignTask[];
  /** Every campaign's log rows, ids rising with time as the server's serial ids do. */
  campaignLogs: CampaignLog[];
  profilePauses: DemoProfilePause[];
  profileCookies: DemoProfileCookies[];
}
