import type { ArchiveQuery, ArchivedDelivery, DeliveryArchiveReader } from '@social-webhooks/dashboard';
import { createMiniAppSigner, buildNeynarDelivery, buildDelivery } from '@social-webhooks/core/testing';

/**
 * The archive's read side over a plain list, as the page consumes it: newest first, filtered as
 * `ArchiveQuery` says, a page of `limit` with an offset as the cursor.
 */
export function memoryArchive(deliveries: readonly ArchivedDelivery[]): DeliveryArchiveReader & { readonly all: ArchivedDelivery[] } {
  const all = [...deliveries];
  const matching = (query: ArchiveQuery) =>
    all
      .filter(
        (delivery) =>
          (query.since === undefined || delivery.receivedAt >= query.since) &&
          (query.until === undefined || delivery.receivedAt < query.until) &&
          (query.sender === undefined || delivery.sender === query.sender) &&
          (query.eventName === undefined || delivery.eventName === query.eventName) &&
          (query.code === undefined || delivery.code === query.code),
      )
      .sort((a, b) => b.receivedAt - a.receivedAt);
  return {
    all,
    list(query = {}) {
      const offset = Number(query.cursor ?? 0);
      const limit = query.limit ?? 100;
      const found = matching(query);
      const page = found.slice(offset, offset + limit);
      return Promise.resolve({ deliveries: page, ...(offset + limit < found.length && { cursor: String(offset + limit) }) });
    },
    get: (id) => Promise.resolve(all.find((delivery) => delivery.id === id)),
  };
}

/** The notification token of the Mini App fixture: never to be seen on the page. */
export const FIXTURE_TOKEN = 'a05b0599-e1b7-4568-9fb9-ef67e4840db2';
/** The founding service's shared secret, as if an archive had kept its header. */
export const FIXTURE_SECRET = 'airstack-shared-secret-5e1f';

/**
 * Deliveries as the archive keeps them, built from real signed deliveries of each sender: a Mini
 * App `notifications_enabled` with its token, a Neynar cast handled, a founding-service follow whose
 * handler failed; `at` the newest one's time, the others an hour and two before.
 */
export async function fixtureDeliveries(at: number): Promise<ArchivedDelivery[]> {
  const signer = await createMiniAppSigner({ fid: 42, appFid: 7 });
  const miniApp = await signer.deliveryRequest({
    event: 'notifications_enabled',
    notificationDetails: { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: FIXTURE_TOKEN },
  });
  const neynar = await buildNeynarDelivery({ secret: 'neynar-secret-1' });
  const founding = buildDelivery({ secret: FIXTURE_SECRET });
  const headersOf = (headers: HeadersInit) => Object.fromEntries(new Headers(headers).entries());
  return [
    {
      id: 'd-miniapp',
      sender: 'miniapp',
      eventName: 'notifications_enabled',
      receivedAt: at,
      status: 200,
      code: 'handled',
      deliveryKey: 'notifications_enabled:42:7',
      headers: headersOf(miniApp.headers),
      body: new Uint8Array(await miniApp.arrayBuffer()),
      replays: 0,
    },
    {
      id: 'd-neynar',
      sender: 'neynar',
      eventName: 'cast.created',
      receivedAt: at - 60 * 60 * 1000,
      status: 200,
      code: 'handled',
      deliveryKey: 'cast.created:1',
      headers: headersOf(neynar.headers),
      body: new TextEncoder().encode(neynar.body),
      replays: 0,
    },
    {
      id: 'd-founding',
      sender: 'airstack',
      eventName: 'follow.created',
      receivedAt: at - 2 * 60 * 60 * 1000,
      status: 500,
      code: 'handler_failed',
      deliveryKey: 'follow.created:id:1',
      headers: headersOf(founding.headers),
      body: new TextEncoder().encode(founding.body),
      replays: 1,
    },
  ];
}
