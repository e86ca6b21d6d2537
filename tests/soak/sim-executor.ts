import { type ApiClient, type ClientInput, contract } from '@reachly/shared/contract';
import type { ExecutorEvent, ExecutorTask } from '@reachly/shared/schemas';
import { io, type Socket } from 'socket.io-client';
import { connectWakeSocket, type WakeSocket } from '../../extension/src/background/wake-socket.ts';
import type { Sandbox } from '../sandbox-network/server.ts';
import { findRequest, follows } from '../sandbox-network/state/store.ts';
import { type ActResult, type NetworkDriver, networkDriver, type Skin } from './network-driver.ts';

/**
 * A profile's executor in the simulated month: the extension's loop without a browser. It speaks
 * the real task protocol to the server through the typed client (contract.executor: claim,
 * started, outcome, events), acts on the network through the requests its pages send for a click
 * (network-driver.ts: the sandbox's form posts or the replica's graphql mutations, with the
 * account's session cookies, so the network's rate limits, warnings and blocks apply), and reads
 * its inbox and friend list from the network's state, as the adapter reads them from the pages. Time is the simulation's:
 * it says when it wants to look again, and the simulation moves both clocks there. It listens to the
 * server's pushes on a real socket.io connection, through the extension's own wake socket
 * (extension/src/background/wake-socket.ts: same auth, same events): a push that wakes it pulls its
 * next look to the simulation's current time instead of its `nextAt`.
 */

export interface SimExecutorOptions {
  /** The contract's typed client as the profiles' user. */
  call: ApiClient['call'];
  profileId: number;
  sandbox: Sandbox;
  login: string;
  password: string;
  /** Inbox and friends are read this often (simulated ms). */
  inboxEveryMs: number;
  /** The longest wait between two looks at the server, whatever it answers (simulated ms). */
  maxWaitMs: number;
  /** Which of the network's skins it acts through (default: the sandbox's own pages). */
  skin?: Skin;
  /** Told when its browser goes down (killed mid-task), for the run's facts. */
  onDown?: (downtime: { profileId: number; from: number; to: number }) => void;
}

/** What the executor saw happen, for the simulation's table and invariants. */
export interface SimRecord {
  claims: Map<string, number>;
  /** Wakes heard on the sockets, per reason (executor-wake's reason, or the event's name). */
  wakes: Map<string, number>;
  /** When each task was first claimed (a restart claims a task again, and the database keeps the last). */
  firstClaimed?: Map<number, number>;
  /** Each profile's looks at the server (what the claim answered) and wakes: a late message's story. */
  looks?: Map<number, { at: number; reason: string }[]>;
  restrictions: { at: number; until: number; profileId: number }[];
}

export type Fault = 'past-end-time' | 'die-before-report';

type OutcomeBody = ClientInput<typeof contract.executor.outcome>['body'];
/** A task's outcome as the executor finds it; the report adds the profile and the attempt. */
type Outcome<O = OutcomeBody> = O extends unknown ? Omit<O, 'profileId' | 'attempt'> : never;
type DoneData = Extract<Outcome, { status: 'done' }>['data'];

export class SimExecutor {
  nextAt = 0;
  private lastInboxAt = Number.NEGATIVE_INFINITY;
  private reported = new Set<string>();
  /** Faults the scenario asks for at the next occasion. */
  readonly faults = new Set<Fault>();
  /** Down (launch failed, killed) until this simulated time. */
  downUntil = 0;

  private readonly driver: NetworkDriver;
  private socket: WakeSocket | null = null;
  /** A task is in progress (a wake does not cut it short). */
  private working = false;
  /** A wake heard during a look: the look's own answer does not push the next one past it. */
  private wokenAt = Number.POSITIVE_INFINITY;
  /** Wakes heard, per reason: the scenario waits for the ones its changes must bring. */
  private readonly heard = new Map<string, number>();

  constructor(
    readonly options: SimExecutorOptions,
    private readonly record: SimRecord,
  ) {
    this.driver = networkDriver(options.skin ?? 'sandbox', options.sandbox, options);
  }

  get profileId() {
    return this.options.profileId;
  }

  /**
   * Connects to the server's pushes as the extension does, with the profiles' user's token; resolves
   * once connected. A wake pulls the next look to `now()` (the simulation's current time).
   */
  async listen(
    session: { serverUrl: string; accessToken: string },
    organizationId: number,
    now: () => number,
  ) {
    let socket: Socket | undefined;
    const connect = ((...args: Parameters<typeof io>) => {
      socket = io(...args);
      return socket;
    }) as typeof io;
    this.socket = connectWakeSocket(
      { ...session, profileId: this.profileId },
      organizationId,
      (reason) => {
        this.heard.set(reason, (this.heard.get(reason) ?? 0) + 1);
        this.record.wakes.set(reason, (this.record.wakes.get(reason) ?? 0) + 1);
        // As the extension's loop (loop.ts, wake): the inbox is read at the next look, and the
        // next look is now unless a task is in progress (it finishes first, then waits its gap).
        this.lastInboxAt = Number.NEGATIVE_INFINITY;
        this.note(now(), `woken: ${reason}`);
        if (this.working) return;
        this.wokenAt = Math.min(this.wokenAt, now());
        this.nextAt = Math.min(this.nextAt, this.wokenAt);
      },
      connect,
    );
    const connected = socket as Socket | undefined;
    if (!connected) throw new Error('the wake socket did not connect');
    if (connected.connected) return;
    await new Promise<void>((resolve, reject) => {
      connected.once('connect', () => resolve());
      connected.once('connect_error', (error) => reject(error));
    });
  }

  /** A look's answer or a wake, in the profile's story (record.looks). */
  private note(at: number, what: string) {
    const looks = this.record.looks;
    if (!looks) return;
    const list = looks.get(this.profileId) ?? [];
    list.push({ at, reason: what });
    looks.set(this.profileId, list);
  }

  /** How many wakes of this reason it has heard so far. */
  wakesHeard(reason: string): number {
    return this.heard.get(reason) ?? 0;
  }

  close() {
    this.socket?.close();
    this.socket = null;
  }

  /** The executor's memory is lost (the browser crashed): a restart knows nothing of the last run. */
  forget() {
    this.driver.forget();
    this.reported = new Set();
    this.lastInboxAt = Number.NEGATIVE_INFINITY;
  }

  private get account() {
    const account = this.options.sandbox.context.state.accounts.get(this.options.login);
    if (!account) throw new Error(`no sandbox account ${this.options.login}`);
    return account;
  }

  /** One look: read the inbox when due, then claim and do at most one task. Answers when to look again. */
  async tick(now: number): Promise<void> {
    if (now < this.downUntil) {
      this.nextAt = this.downUntil;
      return;
    }
    if (now - this.lastInboxAt >= this.options.inboxEveryMs) {
      this.lastInboxAt = now;
      await this.readInbox();
    }
    this.wokenAt = Number.POSITIVE_INFINITY;
    const claim = await this.options.call(contract.executor.claim, { body: { profileId: this.profileId } });
    this.record.claims.set(claim.reason, (this.record.claims.get(claim.reason) ?? 0) + 1);
    this.note(now, claim.reason);
    if (!claim.task) {
      this.nextAt = Math.min(
        this.wokenAt,
        now + Math.max(1000, Math.min(claim.retryAfterSeconds * 1000, this.options.maxWaitMs)),
      );
      return;
    }
    if (!this.record.firstClaimed?.has(claim.task.id)) this.record.firstClaimed?.set(claim.task.id, now);
    this.working = true;
    try {
      const waitMs = await this.work(claim.task, now);
      this.nextAt = now + Math.max(1000, Math.min(waitMs, this.options.maxWaitMs));
    } finally {
      this.working = false;
    }
  }

  private async work(task: ExecutorTask, now: number): Promise<number> {
    await this.options.call(contract.executor.started, {
      params: { id: task.id },
      body: { profileId: this.profileId, attempt: task.attempt },
    });
    const outcome = await this.perform(task, now);
    if (this.faults.delete('die-before-report')) {
      // Killed between acting and reporting: the lease lapses, the restart finds it done.
      this.forget();
      this.downUntil = now + 30 * 60_000;
      this.options.onDown?.({ profileId: this.profileId, from: now, to: this.downUntil });
      return this.downUntil - now;
    }
    const answer = await this.options.call(contract.executor.outcome, {
      params: { id: task.id },
      body: { ...outcome, profileId: this.profileId, attempt: task.attempt },
    });
    if (outcome.status === 'restricted') {
      this.record.restrictions.push({
        at: now,
        until: now + answer.retryAfterSeconds * 1000,
        profileId: this.profileId,
      });
    }
    return answer.retryAfterSeconds * 1000;
  }

  /** Does the task on the network, looking first as the adapter does; answers the outcome to report. */
  private async perform(task: ExecutorTask, now: number): Promise<Outcome> {
    if (!('lead' in task)) return { status: 'skipped', reason: 'not part of the simulation' };
    const slug = this.driver.slugOf(task.lead.profileUrl);
    const state = this.options.sandbox.context.state;
    const person = slug === null ? undefined : state.people.get(slug);
    if (slug === null || !person) return { status: 'skipped', reason: 'no such person' };
    const mine = () => findRequest(state, this.account.id, slug);
    const observed = { hasMessageButton: person.hasMessageButton };
    let result: ActResult;
    let data: DoneData = observed;
    switch (task.action) {
      case 'friendRequest': {
        if (mine()) return { status: 'done', data: { alreadyDone: true, ...observed } };
        result = await this.driver.friendRequest(slug);
        break;
      }
      case 'acceptRequest': {
        const incoming = mine();
        if (incoming?.direction !== 'incoming') return { status: 'skipped', reason: 'no request' };
        if (incoming.status === 'accepted')
          return { status: 'done', data: { alreadyDone: true, ...observed } };
        result = await this.driver.acceptRequest(slug, incoming.id);
        break;
      }
      case 'withdrawRequest': {
        // As the adapter: Add friend (nothing pending) is done already; Friends, or their own
        // request to us, is a skip.
        const request = mine();
        if (!request) return { status: 'done', data: { alreadyDone: true, ...observed } };
        if (request.direction !== 'outgoing' || request.status !== 'pending')
          return { status: 'skipped', reason: 'No pending friend request to this person', ...observed };
        result = await this.driver.withdrawRequest(slug);
        break;
      }
      case 'visitProfile':
        result = await this.driver.visit(slug);
        break;
      case 'followPerson':
        // As the adapter: Following showing is done without a click.
        if (follows(state, this.account.id, slug))
          return { status: 'done', data: { alreadyDone: true, ...observed } };
        result = await this.driver.follow(slug);
        break;
      default: {
        if (!person.hasMessageButton) return { status: 'skipped', reason: 'no-message-button', ...observed };
        const text = task.text;
        const sent = state.messages.filter(
          (m) =>
            m.accountId === this.account.id &&
            m.personSlug === slug &&
            m.from === 'account' &&
            m.text === text,
        ).length;
        if (task.recheck && sent > task.sentBefore) {
          return { status: 'done', data: { text, alreadyDone: true, ...observed } };
        }
        result = await this.driver.message(slug, text);
        data = { text, ...observed };
      }
    }
    if (result.kind === 'done') return { status: 'done', data };
    if (result.kind === 'restricted') {
      const pastEnd = this.faults.delete('past-end-time');
      return {
        status: 'restricted',
        signal: 'RESTRICTION',
        message: result.message,
        ...(pastEnd
          ? { until: new Date(now - 3600_000).toISOString() }
          : result.until
            ? { until: result.until }
            : {}),
      };
    }
    return { status: 'failed', error: result.error };
  }

  /** Accepted requests, incoming requests and new messages, as the adapter reads them. */
  private async readInbox() {
    const { sandbox } = this.options;
    sandbox.context.scheduler.runDue();
    const state = sandbox.context.state;
    const id = this.account.id;
    const url = (slug: string) => this.driver.personUrl(slug);
    const events: ExecutorEvent[] = [];
    for (const r of state.requests) {
      if (r.accountId !== id) continue;
      if (r.direction === 'outgoing' && r.status === 'accepted') {
        const key = `a:${r.id}`;
        if (!this.reported.has(key)) {
          this.reported.add(key);
          events.push({ kind: 'friendAccepted', profileUrl: url(r.personSlug) });
        }
      }
      if (r.direction === 'incoming' && r.status === 'pending') {
        const key = `i:${r.id}`;
        if (!this.reported.has(key)) {
          this.reported.add(key);
          const person = state.people.get(r.personSlug);
          events.push({ kind: 'friendRequestReceived', profileUrl: url(r.personSlug), name: person?.name });
        }
      }
    }
    for (const m of state.messages) {
      if (m.accountId !== id || m.from !== 'person') continue;
      const key = `m:${m.id}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      events.push({
        kind: 'message',
        profileUrl: url(m.personSlug),
        text: m.text,
        sentAt: new Date(m.at).toISOString(),
        messageId: String(m.id),
      });
    }
    for (let i = 0; i < events.length; i += 500) {
      await this.options.call(contract.executor.events, {
        body: { profileId: this.profileId, events: events.slice(i, i + 500) },
      });
    }
  }

  /** A person browses by hand in this profile's browser. */
  async reportManualSurfing(path: string) {
    await this.options.call(contract.executor.events, {
      body: { profileId: this.profileId, events: [{ kind: 'manualSurfing', path }] },
    });
  }
}
