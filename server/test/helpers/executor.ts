import { type ApiClient, contract } from '@reachly/shared/contract';
import type {
  ClaimTaskResponse,
  ExecutorEvent,
  ExecutorTask,
  TaskOutcomeBody,
} from '@reachly/shared/schemas';

/** An outcome without the fields the executor adds itself (Omit spread over the union's members). */
export type OutcomeReport = TaskOutcomeBody extends infer T
  ? T extends unknown
    ? Omit<T, 'profileId' | 'attempt'>
    : never
  : never;

/**
 * What the network received, as the executor's stand-in for the social network's pages: every
 * friend request, message, join and like, per person or group. A recheck looks here, as the
 * extension looks at the page, before acting again.
 */
export class RecordingNetwork {
  readonly requests = new Map<string, number[]>();
  readonly messages = new Map<string, { from: number; text: string }[]>();
  readonly joins: { from: number; groupUrl: string }[] = [];
  readonly likes: { from: number; count: number }[] = [];
  readonly accepts: { from: number; url: string }[] = [];
  readonly withdrawals: { from: number; url: string }[] = [];
  readonly visits: { from: number; url: string }[] = [];
  readonly follows: { from: number; url: string }[] = [];

  sentRequest(profileId: number, url: string): boolean {
    return (this.requests.get(url) ?? []).includes(profileId);
  }

  /** How many messages with this text the profile has sent to the person. */
  sameMessages(profileId: number, url: string, text: string): number {
    return (this.messages.get(url) ?? []).filter((m) => m.from === profileId && m.text === text).length;
  }

  /** Performs the task; answers false when the page showed it already done. */
  perform(task: ExecutorTask, { recheck }: { recheck: boolean }): boolean {
    switch (task.action) {
      case 'friendRequest':
        if (recheck && this.sentRequest(task.profileId, task.lead.profileUrl)) return false;
        this.requests.set(task.lead.profileUrl, [
          ...(this.requests.get(task.lead.profileUrl) ?? []),
          task.profileId,
        ]);
        return true;
      case 'welcomeMessage':
      case 'aiReply':
      case 'callToAction':
      case 'followUp':
      case 'manualMessage':
        // As the adapter: sent once the thread holds more of this text than when the task began.
        if (recheck && this.sameMessages(task.profileId, task.lead.profileUrl, task.text) > task.sentBefore)
          return false;
        this.messages.set(task.lead.profileUrl, [
          ...(this.messages.get(task.lead.profileUrl) ?? []),
          { from: task.profileId, text: task.text },
        ]);
        return true;
      case 'acceptRequest':
        if (recheck && this.accepts.some((a) => a.from === task.profileId && a.url === task.lead.profileUrl))
          return false;
        this.accepts.push({ from: task.profileId, url: task.lead.profileUrl });
        return true;
      case 'withdrawRequest': {
        // As the adapter: Add friend showing again (withdrawn before) is done without a click.
        const sent = this.requests.get(task.lead.profileUrl) ?? [];
        if (!sent.includes(task.profileId)) return false;
        this.requests.set(
          task.lead.profileUrl,
          sent.filter((id) => id !== task.profileId),
        );
        this.withdrawals.push({ from: task.profileId, url: task.lead.profileUrl });
        return true;
      }
      case 'visitProfile':
        this.visits.push({ from: task.profileId, url: task.lead.profileUrl });
        return true;
      case 'followPerson':
        // As the adapter: Following showing already is done without a click.
        if (this.follows.some((f) => f.from === task.profileId && f.url === task.lead.profileUrl))
          return false;
        this.follows.push({ from: task.profileId, url: task.lead.profileUrl });
        return true;
      case 'joinGroups':
        this.joins.push({ from: task.profileId, groupUrl: task.groupUrl });
        return true;
      case 'likePosts':
        this.likes.push({ from: task.profileId, count: task.count });
        return true;
      case 'collect':
        return true;
    }
  }

  messagesTo(url: string): string[] {
    return (this.messages.get(url) ?? []).map((m) => m.text);
  }
}

/**
 * A scripted executor over real HTTP, working for one profile as the extension will: claim, report
 * started, act on the network, report the outcome. It calls through the contract's typed client
 * (an account's `call`), so a refused call throws its ApiError.
 */
export class ScriptedExecutor {
  constructor(
    readonly call: ApiClient['call'],
    readonly profileId: number,
    readonly network: RecordingNetwork,
    /** What a collect task finds. */
    readonly collectable: { profileUrl: string; name: string; hasMessageButton: boolean }[] = [],
  ) {}

  claim(): Promise<ClaimTaskResponse> {
    return this.call(contract.executor.claim, { body: { profileId: this.profileId } });
  }

  report(task: ExecutorTask, body: OutcomeReport) {
    // A person's message from the inbox reports on its own routes (its id is not a task's).
    const endpoint =
      task.action === 'manualMessage' ? contract.executor.manualOutcome : contract.executor.outcome;
    return this.call(endpoint, {
      params: { id: task.id },
      body: { ...body, profileId: this.profileId, attempt: task.attempt },
    });
  }

  async started(task: ExecutorTask) {
    const endpoint =
      task.action === 'manualMessage' ? contract.executor.manualStarted : contract.executor.started;
    await this.call(endpoint, {
      params: { id: task.id },
      body: { profileId: this.profileId, attempt: task.attempt },
    });
  }

  /** Does the task on the network (checking first after a lapsed claim) without reporting it. */
  act(task: ExecutorTask): boolean {
    return this.network.perform(task, { recheck: task.recheck });
  }

  /** One claim; the task done and reported. Answers the claim. */
  async step(): Promise<ClaimTaskResponse> {
    const claim = await this.claim();
    const task = claim.task;
    if (!task) return claim;
    await this.started(task);
    const acted = this.act(task);
    const data: Record<string, unknown> = {};
    if (!acted) data.alreadyDone = true;
    if ('text' in task) data.text = task.text;
    if (task.action === 'collect') data.collected = this.collectable;
    if (task.action === 'likePosts') data.liked = task.count;
    await this.report(task, { status: 'done', data });
    return claim;
  }

  events(events: ExecutorEvent[]) {
    return this.call(contract.executor.events, { body: { profileId: this.profileId, events } });
  }
}
