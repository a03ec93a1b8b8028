import { createHmac } from 'node:crypto';
import { neynarSender, type NeynarEvents } from '@social-webhooks/core';
import { createWebhookReceiver, type Delivery, type WebhookReceiver } from '@social-webhooks/core/adapter';
import { BENCH_SECRET, paddedFollowBody, paddedNeynarBody } from '../support/payloads.js';
import { signedByNeynar } from '../support/neynar-check.js';
import { sink } from '../support/sink.js';
import { baseline, deliveryOf, receiver, type ReadCounter } from './contenders.js';

export interface BodySize {
  readonly label: string;
  readonly bytes: number;
}

const FROM_10_KB: readonly BodySize[] = [
  { label: '10 kB', bytes: 10_000 },
  { label: '100 kB', bytes: 100_000 },
  { label: '1 MB', bytes: 1_000_000 },
];

/** What the size section measures for one sender: its bodies, its receiver, and its hand-written baseline. */
export interface SizeSubject {
  /** What the bodies are, for the table's title. */
  readonly title: string;
  /** The sizes measured, 10 kB among them (the reference of the ratios). */
  readonly sizes: readonly BodySize[];
  /** A body of exactly `size` bytes, its fields `fieldLength` characters long. */
  readonly body: (size: number, fieldLength: number) => Uint8Array;
  readonly receiver: WebhookReceiver<undefined>;
  /** What is timed on one body, prepared once (a signature is not part of what is timed). */
  readonly prepare: (bytes: Uint8Array, reads: ReadCounter) => SizeContenders;
}

export interface SizeContenders {
  /** The delivery the receiver accepts. */
  readonly accepted: Delivery<undefined>;
  /** The same bytes refused 401 from the headers alone: its reads are counted, and must stay at zero. */
  readonly refused: Delivery<undefined>;
  /** The route a subscriber writes by hand, on the same bytes. */
  readonly baseline: () => number;
}

/** The founding sender: a wrong header value is refused unread. */
export const FOUNDING_SIZES: SizeSubject = {
  title: 'follow.created envelope',
  sizes: [{ label: '1 kB', bytes: 1_000 }, ...FROM_10_KB],
  body: paddedFollowBody,
  receiver,
  prepare: (bytes, reads) => ({
    accepted: deliveryOf(bytes),
    refused: deliveryOf(bytes, BENCH_SECRET.replace(/.$/, '0'), reads),
    baseline: () => baseline(BENCH_SECRET, bytes),
  }),
};

const neynarReceiver = createWebhookReceiver<undefined, NeynarEvents>({
  sender: neynarSender({ secrets: BENCH_SECRET }),
  logger: false,
  on: { 'cast.created': sink },
});
const decoder = new TextDecoder();

/**
 * Neynar: the signature covers the bytes, so a forged one is refused only once the body is read; a
 * delivery without the signature header is refused unread. Its baseline is Neynar's documented
 * route on the same bytes: the text, the HMAC in hex, `!==`, `JSON.parse`.
 */
export const NEYNAR_SIZES: SizeSubject = {
  title: 'Neynar cast.created',
  // The sample cast alone is about 4 kB.
  sizes: [{ label: '5 kB', bytes: 5_000 }, ...FROM_10_KB],
  body: paddedNeynarBody,
  receiver: neynarReceiver,
  prepare: (bytes, reads) => {
    const signature = createHmac('sha512', BENCH_SECRET).update(bytes).digest('hex');
    return {
      accepted: deliveryOf(bytes, signature),
      refused: deliveryOf(bytes, null, reads),
      baseline: () => {
        const text = decoder.decode(bytes);
        if (!signedByNeynar(text, signature)) return 401;
        sink(JSON.parse(text));
        return 200;
      },
    };
  },
};
