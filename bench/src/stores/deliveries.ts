import { applyMiniAppEvent, miniAppSender, neynarSender, verifyAppKeyWithHub, webhookHandler } from '@social-webhooks/core';
import { buildNeynarDelivery, createMiniAppSigner } from '@social-webhooks/core/testing';
import { startBenchHub } from '../lookups/local-hub.js';
import { BENCH_SECRET } from '../support/payloads.js';
import type { Backend } from './backends.js';
import { describeTally, tallied, totalOf } from './tally.js';

/** One delivery's round trips on one backend, per store, each a tally by method. */
export interface DeliveryRow {
  readonly delivery: string;
  readonly dedupe: Map<string, number>;
  readonly appKeys: Map<string, number>;
  readonly tokens: Map<string, number>;
  readonly status: number;
}

let nextFid = 700_000;

/**
 * Round trips of a delivery through the core's receiver on `backend`'s stores, counted by its
 * clients and attributed to each store method: a Neynar `cast.created` with the dedupe store (then
 * the same delivery again, a duplicate); a Mini App `miniapp_added` of a user whose app keys are
 * not cached (one hub call on a local hub), then of the same user again (cached), each saving the
 * token with `applyMiniAppEvent`.
 */
export async function deliveryRoundTrips(backend: Backend): Promise<DeliveryRow[]> {
  const stores = await backend.stores('deliveries');
  const roundTrips = () => backend.roundTrips('deliveries');
  const rows: DeliveryRow[] = [];
  const measure = async (delivery: string, send: (tallies: Omit<DeliveryRow, 'delivery' | 'status'>) => Promise<Response>) => {
    const tallies = { dedupe: new Map<string, number>(), appKeys: new Map<string, number>(), tokens: new Map<string, number>() };
    const response = await send(tallies);
    rows.push({ delivery, ...tallies, status: response.status });
  };

  const built = await buildNeynarDelivery({ secret: BENCH_SECRET, type: 'cast.created' });
  const id = `bench-${crypto.randomUUID()}`;
  const neynar = (tallies: Omit<DeliveryRow, 'delivery' | 'status'>) =>
    webhookHandler({
      sender: neynarSender({ secrets: BENCH_SECRET }),
      dedupe: { store: tallied(stores.dedupe, roundTrips, tallies.dedupe) },
      on: { 'cast.created': () => undefined },
    })(
      new Request('http://bench/webhook', {
        method: 'POST',
        headers: { ...built.headers, 'x-convoy-idempotency-key': id },
        body: built.body,
      }),
    );
  await measure('Neynar cast.created, first', neynar);
  await measure('Neynar cast.created, again (duplicate)', neynar);

  const hub = await startBenchHub();
  try {
    const signer = await createMiniAppSigner({ fid: nextFid++ });
    hub.add(signer.signerEvent);
    const added = { event: 'miniapp_added', notificationDetails: { url: 'https://client.example/notify', token: 't1' } } as const;
    const miniApp = async (tallies: Omit<DeliveryRow, 'delivery' | 'status'>) => {
      const tokens = tallied(stores.tokens, roundTrips, tallies.tokens);
      return webhookHandler({
        sender: miniAppSender({
          verifyAppKey: verifyAppKeyWithHub({ hubUrl: hub.url, store: tallied(stores.appKeys, roundTrips, tallies.appKeys) }),
        }),
        on: { miniapp_added: (event) => applyMiniAppEvent(tokens, event) },
      })(await signer.deliveryRequest(added));
    };
    await measure('Mini App miniapp_added, app keys not cached', miniApp);
    await measure('Mini App miniapp_added, app keys cached', miniApp);
  } finally {
    await hub.close();
  }
  return rows;
}

/** The row's cells: dedupe, app keys, token, total. */
export function deliveryCells(row: DeliveryRow): string[] {
  return [
    describeTally(row.dedupe),
    describeTally(row.appKeys),
    describeTally(row.tokens),
    String(totalOf(row.dedupe) + totalOf(row.appKeys) + totalOf(row.tokens)),
  ];
}
