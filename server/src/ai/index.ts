import type { AiConfig, ProviderOptions } from './configured-provider.ts';
import type { ReplyProvider } from './reply-provider.ts';

export { cardStatusForIntent } from './card-moves.ts';
export * from './guardrails.ts';
export * from './reply-provider.ts';

/**
 * The reply provider the configuration names (configured-provider.ts), loaded with the first reply
 * it reads: its language detector's n-gram tables (eld), nlp.js and chrono-node hold about 75 MB
 * that a server which reads no reply (most of a day, on a laptop) does not need.
 */
export function createReplyProvider(config: AiConfig, options: ProviderOptions = {}): ReplyProvider {
  let loaded: Promise<ReplyProvider> | null = null;
  const provider = () => {
    loaded ??= import('./configured-provider.ts').then((m) => m.configuredReplyProvider(config, options));
    return loaded;
  };
  return {
    classify: async (conversation) => (await provider()).classify(conversation),
    understand: async (conversation, understandOptions) =>
      (await provider()).understand(conversation, understandOptions),
    reply: async (input) => (await provider()).reply(input),
  };
}
