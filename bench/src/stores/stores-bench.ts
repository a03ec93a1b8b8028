import { postgresBinaries } from '../../../test/support/postgres-server.js';
import { hasRedisServer } from '../queue/redis-process.js';
import { startFastClients } from '../notify/fast-clients.js';
import { formatCount } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { memoryBackend, postgresBackend, redisBackend, upstashBackend, type Backend } from './backends.js';
import { broadcastFrom, type BroadcastRow } from './broadcasts.js';
import { deliveryCells, deliveryRoundTrips } from './deliveries.js';

export interface StoresBenchOptions {
  /** Users of each store's broadcast. Default 100,000. */
  readonly tokens: number;
}

const URLS = 3;

/**
 * Each store backend (memory; node-redis over TCP; `@upstash/redis` over the local REST stand-in;
 * PostgreSQL through `pg`), started here: the round trips of a delivery on its stores, and a
 * broadcast of `tokens` read from it. Two tables: round trips per delivery (goal: at most one for
 * the dedupe claim and one for the token), and the broadcast's round trips per notified token and
 * its time against Redis over TCP's.
 */
export async function storeFigures(options: StoresBenchOptions): Promise<{ table: Table; met: boolean }[]> {
  const deliveries: string[][] = [];
  const broadcasts: { name: string; row: BroadcastRow }[] = [];
  let deliveriesMet = true;
  const starts: [string, () => Promise<Backend>][] = [['memory', async () => memoryBackend()]];
  if (hasRedisServer()) starts.push(['redis', redisBackend], ['upstash', upstashBackend]);
  if (postgresBinaries !== undefined) starts.push(['postgres', postgresBackend]);
  const clients = await startFastClients(URLS);
  try {
    for (const [, start] of starts) {
      const backend = await start();
      try {
        for (const row of await deliveryRoundTrips(backend)) {
          const met = (row.dedupe.get('claim') ?? 0) <= 1 && (row.tokens.get('save') ?? 0) <= 1 && row.status === 200;
          deliveriesMet &&= met;
          deliveries.push([backend.name, row.delivery, String(row.status), ...deliveryCells(row), met ? 'yes' : 'NO']);
        }
        broadcasts.push({ name: backend.name, row: await broadcastFrom(backend, clients, options.tokens) });
      } finally {
        await backend.close();
      }
    }
  } finally {
    await clients.close();
  }
  const redis = broadcasts.find(({ name }) => name.startsWith('Redis over TCP'))?.row;
  const perToken = (count: number, tokens: number) => (count / tokens).toFixed(4);
  return [
    {
      table: {
        title: 'Round trips per delivery on each store, counted by the store clients (attributed to each store method)',
        columns: ['store', 'delivery', 'status', 'dedupe', 'app keys', 'token', 'total', 'claim ≤ 1, token ≤ 1'],
        rows: deliveries,
        notes: [
          'Redis over TCP: each EVAL through a counting wrapper of the node-redis client. Upstash: each HTTP request the REST stand-in answered ' +
            '(one stand-in per role, in front of one redis-server). PostgreSQL: each statement through a counting wrapper of the `pg` pool. ' +
            'The app keys of an uncached user also cost one call to a hub on loopback, not counted here.',
        ],
      },
      met: deliveriesMet,
    },
    {
      table: {
        title: `A ${formatCount(options.tokens)}-token broadcast read from each store (createNotifier, its limiter on the same store, ${URLS} local stand-in client URLs answering at once)`,
        columns: [
          'store',
          'token store round trips',
          'limiter round trips',
          'per notified token',
          'client requests per URL (expected)',
          'seconds',
          'against Redis over TCP',
        ],
        rows: broadcasts.map(({ name, row }) => [
          name,
          formatCount(row.tokenRoundTrips),
          formatCount(row.limiterRoundTrips),
          perToken(row.tokenRoundTrips + row.limiterRoundTrips, row.tokens),
          row.requests.cell,
          row.seconds.toFixed(2),
          redis === undefined ? '' : `${(row.seconds / redis.seconds).toFixed(2)}x`,
        ]),
        notes: [
          'Times are of one run on a machine other work shares: indicative only. The token store and the limiter are on clients of their own ' +
            '(for Upstash, two stand-ins), so each count is its own; on one shared `@upstash/redis` client, auto-pipelining may merge some of their requests.',
        ],
      },
      met: broadcasts.every(({ row }) => row.requests.exact),
    },
  ];
}
