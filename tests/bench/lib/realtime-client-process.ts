import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromClients, ToClients } from '../realtime-clients.ts';
import { repoRoot } from './server-process.ts';

/**
 * The realtime bench's side of its client processes (realtime.ts): each a forked
 * realtime-clients.ts carrying a share of the sockets, spoken to over IPC with the messages that
 * file defines.
 */

const clientsEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'realtime-clients.ts');

type Reply<T extends FromClients['type']> = Extract<FromClients, { type: T }>;

/** One forked realtime-clients.ts process, spoken to over IPC. */
export class ClientProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, ((message: FromClients) => void)[]>();
  private failure: Error | null = null;

  constructor() {
    this.child = fork(clientsEntry, [], {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: FromClients) => {
      if (message.type === 'error') return this.fail(new Error(message.message));
      const queue = this.waiting.get(message.type);
      queue?.shift()?.(message);
    });
    this.child.once('exit', (code) => this.fail(new Error(`a client process exited with ${code}`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const queue of this.waiting.values())
      for (const resolve of queue.splice(0)) resolve({ type: 'error', message: error.message });
  }

  tell(message: ToClients): void {
    if (this.child.connected) this.child.send(message);
  }

  /** The next message of this type (armed before the message that causes it is sent). */
  next<T extends FromClients['type']>(type: T): Promise<Reply<T>> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Reply<T>>((resolve, reject) => {
      const queue = this.waiting.get(type) ?? [];
      queue.push((message) =>
        message.type === 'error' ? reject(new Error(message.message)) : resolve(message as Reply<T>),
      );
      this.waiting.set(type, queue);
    });
  }

  ask<T extends FromClients['type']>(message: ToClients, reply: T): Promise<Reply<T>> {
    const answer = this.next(reply);
    this.tell(message);
    return answer;
  }

  stop(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}
