import type {
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

/** Everything the demo backend answers from; changed in memory only, for the life of the page. */
export interface DemoDataset {
  user: UserResponse;
  traffic: { limit: bigint; used: bigint };
  collections: DemoCollection[];
  leads: DemoLead[];
  conversations: DemoConversation[];
  profiles: DemoProfile[];
  machineData: MachineData | null;
}
