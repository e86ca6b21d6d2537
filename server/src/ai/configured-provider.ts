import type { Config } from '../config.ts';
import { OfflineReplyProvider } from './offline-provider.ts';
import { OpenAiReplyProvider } from './openai-provider.ts';
import type { ReplyProvider } from './reply-provider.ts';

const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1';

export type AiConfig = Pick<Config, 'AI_PROVIDER' | 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>;

export interface ProviderOptions {
  onFallback?: (reason: string) => void;
  timeoutMs?: number;
}

/**
 * The reply provider the configuration names: offline (default, no network) or an
 * OpenAI-compatible server, which falls back to the offline classifier when it fails.
 */
export function configuredReplyProvider(config: AiConfig, options: ProviderOptions = {}): ReplyProvider {
  const offline = new OfflineReplyProvider();
  if (config.AI_PROVIDER === 'offline') return offline;
  return new OpenAiReplyProvider({
    baseUrl: config.AI_BASE_URL ?? DEFAULT_AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    fallback: offline,
    ...options,
  });
}
