import { neynarSender, type EventMap, type Sender, type WebhookOptions } from '@social-webhooks/core';
import { buildDelivery, buildNeynarDelivery, type BuiltDelivery } from '@social-webhooks/core/testing';
import { LIMIT } from './row.js';
import { SECRET } from './rows.js';
import { NEYNAR_SECRET } from './neynar-rows.js';

/** What the hostile-client checks need of a sender: a receiver, a genuine delivery, and its proof header. */
export interface HostileSender {
  readonly name: string;
  /** The header that carries the proof. */
  readonly header: string;
  /** A value the header step lets through, so the body is read: the secret, or a well-formed signature. */
  readonly passes: string;
  /** A value the header step refuses before a byte of the body is read. */
  readonly refused: string;
  /** Garbage header values for a flood, refused before or after the body. */
  garbage(index: number): string;
  /** A genuine `follow.created` delivery. */
  genuine(): Promise<BuiltDelivery>;
  /** A receiver whose `follow.created` handler records into `handled`, with a short body deadline. */
  options(handled: string[]): WebhookOptions<unknown, EventMap>;
}

/** The body deadline of the hostile checks: short, so a slowloris client is cut off quickly. */
export const HOSTILE_BODY_TIMEOUT_MS = 400;

const pipeline = (handled: string[]) => ({
  maxBodyBytes: LIMIT,
  bodyTimeoutMs: HOSTILE_BODY_TIMEOUT_MS,
  on: { 'follow.created': (event: { eventName: string }) => void handled.push(event.eventName) },
});

const hex = (index: number) => (index * 2654435761).toString(16).padStart(8, '0').repeat(16).slice(0, 128);

export const hostileSenders: readonly HostileSender[] = [
  {
    name: 'airstack',
    header: 'x-airstack-webhook',
    passes: SECRET,
    refused: 'forged',
    garbage: (index) => ['', 'x'.repeat(index % 300), SECRET.slice(0, -1), `${SECRET}${index}`, hex(index)][index % 5]!,
    genuine: async () => buildDelivery({ secret: SECRET, eventName: 'follow.created' }),
    options: (handled) => ({ secret: SECRET, ...pipeline(handled) }),
  },
  {
    name: 'neynar',
    header: 'x-neynar-signature',
    // Well-formed: the header step lets it through, and only the HMAC of the whole body would refuse it.
    passes: 'ab'.repeat(64),
    refused: 'not-a-signature',
    // Malformed ones refused from the header; well-formed forgeries once the body is in.
    garbage: (index) => ['', 'z'.repeat(index % 300), hex(index).toUpperCase(), `${hex(index)}, ${hex(index)}`, hex(index)][index % 5]!,
    genuine: () => buildNeynarDelivery({ secret: NEYNAR_SECRET, type: 'follow.created' }),
    options: (handled) => ({ sender: neynarSender({ secrets: NEYNAR_SECRET }) as unknown as Sender, ...pipeline(handled) }),
  },
];
