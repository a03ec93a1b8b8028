import { miniAppSender } from '@social-webhooks/core';
import { sink } from '../../support/sink.js';
import { cachedLookup } from './miniapp-lookup.js';

/** The receiver for Mini App events as the README mounts it, the cached lookup, a no-op handler for each of the four events, and no logger. */
export function miniAppReceiverOptions(appKey: string) {
  return {
    sender: miniAppSender({ verifyAppKey: cachedLookup(appKey) }),
    logger: false as const,
    on: { miniapp_added: sink, miniapp_removed: sink, notifications_enabled: sink, notifications_disabled: sink },
  };
}
