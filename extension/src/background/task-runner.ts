import type { AdapterStep, StepResult } from '@reachly/shared/extension';
import type { ExecutorTask } from '@reachly/shared/schemas';
import type { Outcome } from '../api-client.ts';
import type { StepRun } from './tab-driver.ts';

/** The adapter step that performs a task. */
export function stepForTask(task: ExecutorTask): AdapterStep {
  switch (task.action) {
    case 'visitProfile':
      return { kind: 'visit', profileUrl: task.lead.profileUrl };
    case 'followPerson':
      return { kind: 'follow', profileUrl: task.lead.profileUrl };
    case 'friendRequest':
      return { kind: 'friendRequest', profileUrl: task.lead.profileUrl };
    case 'acceptRequest':
      return { kind: 'acceptRequest', profileUrl: task.lead.profileUrl };
    case 'withdrawRequest':
      return { kind: 'withdrawRequest', profileUrl: task.lead.profileUrl };
    case 'welcomeMessage':
    case 'aiReply':
    case 'callToAction':
    case 'followUp':
    case 'manualMessage':
      return {
        kind: 'message',
        profileUrl: task.lead.profileUrl,
        text: task.text,
        sentBefore: task.sentBefore,
      };
    case 'joinGroups':
      return { kind: 'joinGroup', groupUrl: task.groupUrl };
    case 'likePosts':
      return { kind: 'likePosts', count: task.count, done: 0 };
    case 'collect':
      return { kind: 'collect', source: task.source, maxCount: task.maxCount };
  }
}

/** A short label for the popup ("Friend request to Anna Berg"). */
export function describeTask(task: ExecutorTask): string {
  switch (task.action) {
    case 'visitProfile':
      return `Visit ${task.lead.name ?? task.lead.profileUrl}`;
    case 'followPerson':
      return `Follow ${task.lead.name ?? task.lead.profileUrl}`;
    case 'friendRequest':
      return `Friend request to ${task.lead.name ?? task.lead.profileUrl}`;
    case 'acceptRequest':
      return `Accept the friend request of ${task.lead.name ?? task.lead.profileUrl}`;
    case 'withdrawRequest':
      return `Withdraw the friend request to ${task.lead.name ?? task.lead.profileUrl}`;
    case 'welcomeMessage':
    case 'aiReply':
    case 'callToAction':
    case 'followUp':
      return `Message to ${task.lead.name ?? task.lead.profileUrl}`;
    case 'manualMessage':
      return `Your message to ${task.lead.name ?? task.lead.profileUrl}`;
    case 'joinGroups':
      return `Join ${task.groupUrl}`;
    case 'likePosts':
      return `Like ${task.count} posts`;
    case 'collect':
      return task.source.kind === 'group'
        ? `Collect members of ${task.source.groupUrl}`
        : `Collect "${task.source.query}"`;
  }
}

/**
 * The outcome to report for a step's run. A step that answered done without this run clicking
 * anything was already done on the page: reported with alreadyDone, never done twice.
 */
export function outcomeFor(task: ExecutorTask, run: StepRun): Outcome {
  const result: StepResult = run.result;
  switch (result.status) {
    case 'done': {
      const data: Extract<Outcome, { status: 'done' }>['data'] = {};
      if ('text' in task) data.text = task.text;
      if (result.collected) data.collected = result.collected;
      if (task.action === 'likePosts') data.liked = result.liked ?? run.acted;
      // A visit only looks: there is nothing it could have found already done.
      if (run.acted === 0 && task.action !== 'collect' && task.action !== 'visitProfile')
        data.alreadyDone = true;
      if (result.observed?.hasMessageButton !== undefined)
        data.hasMessageButton = result.observed.hasMessageButton;
      return { status: 'done', data };
    }
    case 'skipped':
      return result.observed?.hasMessageButton !== undefined
        ? { status: 'skipped', reason: result.reason, hasMessageButton: result.observed.hasMessageButton }
        : { status: 'skipped', reason: result.reason };
    case 'restricted':
      return {
        status: 'restricted',
        signal: result.signal,
        message: result.message,
        ...(result.until ? { until: result.until } : {}),
      };
    case 'failed':
      // A page the adapter does not recognise is a signal, not a retry: the profile stops.
      if (run.inspection && !run.inspection.healthy) {
        return {
          status: 'restricted',
          signal: 'DANGER',
          message: `Health check failed: ${run.inspection.healthMessage ?? result.error}`,
        };
      }
      return { status: 'failed', error: result.error };
    case 'acted':
    case 'navigate':
      return { status: 'failed', error: 'The step did not finish on the network pages' };
  }
}
