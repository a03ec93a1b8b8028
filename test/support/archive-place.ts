import type { DeliveryArchive, NewArchivedDelivery } from '@social-webhooks/core';
import type { StorePlace } from './store-place.js';

/** Archives on storage of their own (store-place.ts), with the bounds a case gives. */
export type ArchivePlace = StorePlace<DeliveryArchive, { readonly keepMs?: number; readonly maxDeliveries?: number }>;

/** A delivery as a receiver hands it to the archive, arrived at `at`; `over` replaces fields. */
export const archivedDelivery = (at: number, over: Partial<NewArchivedDelivery> = {}): NewArchivedDelivery => ({
  sender: 'neynar',
  eventName: 'cast.created',
  receivedAt: at,
  status: 200,
  code: 'handled',
  deliveryKey: `neynar:cast.created:header:${at}`,
  headers: { 'content-type': 'application/json', 'x-neynar-signature': 'ab'.repeat(64) },
  // Bytes that are not UTF-8, and every byte value: the body must come back byte for byte.
  body: Uint8Array.from({ length: 300 }, (_, index) => (index * 7) % 256),
  bodyAsReceived: true,
  // A NUL and an emoji in a string, keys in an order jsonb would change: kept as sent.
  event: { eventName: 'cast.created', data: { text: 'a\u0000b 🎉', hash: `0x${at}`, author: { fid: 3 } } },
  ...over,
});
