import type { DeliveryLog } from '../delivery/delivery-log.js';
import type { NeynarEntry } from '../neynar/neynar-webhook.js';
import type { WebhookStore } from '../state/webhooks.js';
import { writeState, type StoredState } from './state-file.js';

// Deliveries change on every attempt: one write per burst of changes, not one per change.
const WRITE_DELAY_MS = 200;

/**
 * Writes the webhooks and the log to the state file shortly after they change; `flush()` writes any
 * change still waiting, for `stop()`. Writes never overlap.
 */
export function persistTo(
  path: string,
  stores: { webhooks: WebhookStore; neynar: WebhookStore<NeynarEntry>; log: DeliveryLog },
  onError: (error: unknown) => void,
) {
  const { webhooks, neynar, log } = stores;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();
  const neynarWebhooks = () =>
    neynar.list().map(({ id, webhook }) => {
      const faults = neynar.faults(id);
      return { webhook, ...(faults !== undefined && { faults }) };
    });
  const snapshot = (): StoredState => ({
    version: 1,
    webhooks: webhooks.list().map((webhook) => {
      const { id, endpoint, filterConfig, headerName, headerValue, createdAt } = webhook;
      const faults = webhooks.faults(id);
      return { id, endpoint, filterConfig, headerName, headerValue, createdAt, ...(faults !== undefined && { faults }) };
    }),
    ...(neynar.list().length > 0 && { neynarWebhooks: neynarWebhooks() }),
    deliveries: log.list(),
  });
  const write = () => {
    timer = undefined;
    if (!dirty) return writing;
    dirty = false;
    writing = writing.then(() => writeState(path, snapshot())).catch(onError);
    return writing;
  };
  const schedule = () => {
    dirty = true;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  };
  const unsubscribe = [webhooks.subscribe(schedule), neynar.subscribe(schedule), log.subscribe(schedule)];
  return {
    async flush(): Promise<void> {
      for (const stop of unsubscribe) stop();
      if (timer !== undefined) clearTimeout(timer);
      await write();
    },
  };
}
