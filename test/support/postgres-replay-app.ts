import { neynarSender, replayOf, type NeynarEvents, type WebhookOptions } from '@social-webhooks/core';
import { postgresDeliveryArchive, postgresStore, type PostgresQueryable } from '@social-webhooks/postgres';

// The receiver of the Postgres replay tests, built the same way in the test and in a replay's child
// process (support/postgres-replay-run.ts): Neynar deliveries, dedupe and the archive in tables of
// `prefix` (migrated), and a handler that inserts each cast it handled into `<prefix>handled`
// (`<hash>` or `<hash> replay`), failing while `broken()` says so: after respondWithin's 202, so
// the sender does not retry.
export const REPLAY_SECRET = 'replay-secret';

/** The handler's table: what it handled, in order. */
export const handledTable = (prefix: string) => `${prefix}handled`;

export function postgresReplayApp(
  client: PostgresQueryable,
  prefix: string,
  broken: () => boolean,
): WebhookOptions<unknown, NeynarEvents> & { sender: ReturnType<typeof neynarSender> } {
  return {
    sender: neynarSender({ secrets: REPLAY_SECRET }),
    logger: false,
    respondWithin: 5,
    // A short lease: a replay killed while it held a claim leaves it for 2 s, which the next run waits out.
    dedupe: { store: postgresStore({ client, prefix }), leaseMs: 2_000 },
    archive: postgresDeliveryArchive({ client, prefix }),
    on: {
      'cast.created': async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 80));
        if (broken()) throw new Error('the handler bug of the window');
        const line = `${event.data.hash}${replayOf(event) === undefined ? '' : ' replay'}`;
        await client.query(`INSERT INTO ${handledTable(prefix)} (line) VALUES ($1)`, [line]);
      },
    },
  };
}
