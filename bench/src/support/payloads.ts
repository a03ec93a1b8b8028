import type { EventName, NeynarEventName } from '@social-webhooks/core';
import { buildDelivery, buildNeynarDelivery, createMiniAppSigner, neynarSampleEvent, sampleEvent } from '@social-webhooks/core/testing';
import { MINIAPP_KEY_ENV } from '../http/apps/miniapp-lookup.js';

/** The header value every benchmark receiver accepts: 64 characters, like a generated token. */
export const BENCH_SECRET = 'bench-3f9c2a7e5b1d4c8a9e6f0b2d7c4a1e8f5b3d9c6a2e7f4b1d8c5a0e3f6b9d';

/** The delivery header the service sends (docs/contract.md §Sender). */
export const HEADER = 'x-airstack-webhook';

const encoder = new TextEncoder();

/** One delivery as wrk sends it, again and again: its body's bytes and its headers. */
export interface BenchDelivery {
  readonly label: string;
  readonly body: Uint8Array;
  readonly headers: Readonly<Record<string, string>>;
  /** What the servers that receive it must find in their environment (the Mini App signer's key). */
  readonly serverEnv?: Readonly<Record<string, string>>;
}

/** The founding service's documented sample of `eventName`, in the envelope form, with its header. */
export function foundingDelivery(eventName: EventName): BenchDelivery {
  const body = sampleBody(eventName);
  return { label: `${eventName} envelope`, body, headers: { 'content-type': 'application/json', [HEADER]: BENCH_SECRET } };
}

/**
 * Neynar's sample of `type`, signed with the bench's secret as Neynar signs it. `created_at` is
 * fixed, so every run sends the same bytes.
 */
export async function neynarDelivery(type: NeynarEventName): Promise<BenchDelivery> {
  const { body, headers } = await buildNeynarDelivery({ secret: BENCH_SECRET, type, createdAt: 1_764_000_000 });
  return { label: `Neynar ${type}`, body: encoder.encode(body), headers };
}

/**
 * A genuine `miniapp_added` with notification details, as a Farcaster client sends it, signed by a
 * fresh app key of the user 3 (registered by the app 9152); the servers learn its public key from
 * their environment, as their cached lookup's one entry.
 */
export async function miniAppDelivery(): Promise<BenchDelivery> {
  const signer = await createMiniAppSigner();
  const notificationDetails = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'a05b0599-e1b7-4568-9fb9-ef67e4840db2' };
  const { body, headers } = await signer.delivery({ event: 'miniapp_added', notificationDetails });
  return { label: 'Mini App miniapp_added', body: encoder.encode(body), headers, serverEnv: { [MINIAPP_KEY_ENV]: signer.appKey } };
}

/** The documented sample of `eventName` as the bytes of a delivery body (envelope form by default). */
export function sampleBody(eventName: EventName, form: 'envelope' | 'flat' = 'envelope'): Uint8Array {
  return encoder.encode(buildDelivery({ secret: BENCH_SECRET, eventName, form }).body);
}

/**
 * A `follow.created` envelope of exactly `size` bytes: the documented payload plus unknown extra
 * fields (which the receiver must keep, docs/contract.md §Events), so parse and validation work grow with the size.
 * Each field holds varied text, as real data would, rather than one long run of one character.
 */
export function paddedFollowBody(size: number, fieldLength = 1_000): Uint8Array {
  const { data } = sampleEvent('follow.created');
  return paddedJson(size, fieldLength, data, (padded) => ({ eventName: 'follow.created', data: padded }));
}

/**
 * A Neynar `cast.created` body of exactly `size` bytes, the sample cast plus unknown extra fields
 * (kept, as the schemas keep them), with its `created_at` fixed. Unsigned: the caller signs it.
 */
export function paddedNeynarBody(size: number, fieldLength = 1_000): Uint8Array {
  const { data } = neynarSampleEvent('cast.created');
  return paddedJson(size, fieldLength, data as Record<string, unknown>, (padded) => ({
    created_at: 1_764_000_000,
    type: 'cast.created',
    data: padded,
  }));
}

/** The bytes of `wrap(data plus extra fields)` as JSON, exactly `size` of them. */
function paddedJson(size: number, fieldLength: number, data: object, wrap: (padded: Record<string, unknown>) => unknown): Uint8Array {
  const padded: Record<string, unknown> = { ...data };
  const base = encoder.encode(JSON.stringify(wrap(padded))).byteLength;
  // Each field adds `,"extraField000001":"<value>"`: 22 bytes and the value (ASCII, no escapes).
  const overhead = 22;
  let remaining = size - base;
  if (remaining <= overhead) throw new Error(`a padded body needs at least ${base + overhead + 1} bytes`);
  for (let index = 0; remaining > 0; index++) {
    // `fieldLength`-character values, the last one shortened to land on `size` exactly.
    const valueLength = remaining - overhead - fieldLength > overhead ? fieldLength : remaining - overhead;
    padded[`extraField${String(index).padStart(6, '0')}`] = filler(index, valueLength);
    remaining -= overhead + valueLength;
  }
  const bytes = encoder.encode(JSON.stringify(wrap(padded)));
  if (bytes.byteLength !== size) throw new Error(`padded body is ${bytes.byteLength} bytes, wanted ${size}`);
  return bytes;
}

function filler(seed: number, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ';
  let text = '';
  for (let index = 0; index < length; index++) text += alphabet[(seed * 7 + index * 13) % alphabet.length];
  return text;
}
