import { createNotifier } from '@social-webhooks/core';
import type { FastClients } from '../notify/fast-clients.js';
import { checkRequests, expectedRequests } from '../notify/fill-tokens.js';
import type { Backend } from './backends.js';

/** A broadcast read from one backend: its time, and the round trips of its token store and of its limiter. */
export interface BroadcastRow {
  readonly tokens: number;
  readonly seconds: number;
  readonly tokenRoundTrips: number;
  readonly limiterRoundTrips: number;
  /** Requests to the stand-in clients per URL, and whether they are exactly ceil(share / 100) with every token successful. */
  readonly requests: { exact: boolean; cell: string };
}

let broadcasts = 0;

/**
 * `tokens` users saved in `backend`'s token store, then one `createNotifier` broadcast to all of
 * them (its default concurrency and batches of 100), its limiter on the same backend, to local
 * stand-in clients that answer every token successful at once. The token store and the limiter are
 * on clients of their own, each counting its round trips.
 */
export async function broadcastFrom(backend: Backend, clients: FastClients, tokens: number): Promise<BroadcastRow> {
  const { tokens: store } = await backend.stores('broadcast');
  const { limiter } = await backend.stores('limits');
  await backend.fill('broadcast', clients.urls, tokens);
  await clients.reset();
  const [storeBefore, limiterBefore] = [backend.roundTrips('broadcast'), backend.roundTrips('limits')];
  const started = performance.now();
  const report = await createNotifier({ store, limiter, logger: false }).send(
    { notificationId: `bench-stores-${++broadcasts}`, title: 'Bench', body: 'A broadcast', targetUrl: 'https://app.example.com/' },
    { to: 'all' },
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    tokens,
    seconds,
    tokenRoundTrips: backend.roundTrips('broadcast') - storeBefore,
    limiterRoundTrips: backend.roundTrips('limits') - limiterBefore,
    requests: checkRequests(await clients.requests(), expectedRequests(clients.urls, tokens), report.successful, tokens),
  };
}
