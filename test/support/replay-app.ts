import { neynarSender, replayOf, type WebhookOptions, type NeynarEvents } from '@social-webhooks/core';
import { redisDeliveryArchive, redisStore } from '@social-webhooks/redis';
import type { createClient } from 'redis';

// The receiver of the replay tests, built the same way in the test and in a replay's child process
// (support/replay-run.ts): Neynar deliveries, dedupe and the archive in one Redis under `prefix`, and
// a handler that writes each cast it handled to `<prefix>handled` (`<hash>` or `<hash> replay`),
// failing while `broken()` says so: after respondWithin's 202, so the sender does not retry.
export const REPLAY_SECRET = 'replay-secret';

export function replayApp(
  client: ReturnType<typeof createClient>,
  prefix: string,
  broken: () => boolean,
): WebhookOptions<unknown, NeynarEvents> & { sender: ReturnType<typeof neynarSender> } {
  return {
    sender: neynarSender({ secrets: REPLAY_SECRET }),
    logger: false,
    respondWithin: 5,
    // A short lease: a replay killed while it held a claim leaves it for 2 s, which the next run waits out.
    dedupe: { store: redisStore({ client, prefix: `${prefix}dedupe:` }), leaseMs: 2_000 },
    archive: redisDeliveryArchive({ client, prefix: `${prefix}archive:` }),
    on: {
      'cast.created': async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 80));
        if (broken()) throw new Error('the handler bug of the window');
        await client.rPush(`${prefix}handled`, `${event.data.hash}${replayOf(event) === undefined ? '' : ' replay'}`);
      },
    },
  };
}
