import { describe, expect, it } from 'vitest';
import { sampleEvent } from '../samples/samples.js';
import type { ReadBody } from '../delivery.js';
import { deliveryKey } from './delivery-key.js';
import { resolveDedupe, type ResolvedDedupe } from './resolve-dedupe.js';

const dedupe = resolveDedupe(true, 'test')!;
const text = (value: unknown): ReadBody => ({ kind: 'text', text: JSON.stringify(value) });

describe('deliveryKey', () => {
  it('uses the payload id, scoped by the event name', async () => {
    const event = sampleEvent('follow.created');
    expect(await deliveryKey(dedupe, event, text(event))).toBe(`follow.created:id:${event.data.id!}`);
    const deleted = { ...sampleEvent('follow.deleted'), data: event.data };
    expect(await deliveryKey(dedupe, deleted, text(event))).toBe(`follow.deleted:id:${event.data.id!}`);
  });

  it('prefers a delivery id from a header over the payload id, and a custom key over both', async () => {
    const event = sampleEvent('follow.created');
    expect(await deliveryKey(dedupe, event, text(event), 'convoy-key')).toBe('follow.created:header:convoy-key');
    const custom = resolveDedupe({ key: () => 'mine' }, 'test')!;
    expect(await deliveryKey(custom, event, text(event), 'convoy-key')).toBe('follow.created:key:mine');
  });

  it('hashes the body when the payload has no id, the same body always to the same key', async () => {
    const event = { eventName: 'follow.created', data: { followerProfileId: '1', followingProfileId: '2' } } as const;
    const body = JSON.stringify(event);
    const first = await deliveryKey(dedupe, event, { kind: 'text', text: body });
    expect(first).toMatch(/^follow\.created:sha256:[0-9a-f]{64}$/);
    expect(await deliveryKey(dedupe, event, { kind: 'bytes', bytes: new TextEncoder().encode(body) })).toBe(first);
    expect(await deliveryKey(dedupe, event, { kind: 'parsed', value: JSON.parse(body) })).toBe(first);
    expect(await deliveryKey(dedupe, event, { kind: 'text', text: body.replace('"1"', '"3"') })).not.toBe(first);
  });

  it('gives no key to a delivery without an id under a rule without body-hash keys, and still honours an id or a custom key', async () => {
    const rule = { keyPrefix: 'miniapp:', payloadIdKeys: false, bodyHashKeys: false };
    const event = { eventName: 'miniapp_removed', data: { fid: 3 } };
    expect(await deliveryKey(dedupe, event, text(event), undefined, rule)).toBeUndefined();
    expect(await deliveryKey(dedupe, event, text(event), 'proxy-id', rule)).toBe('miniapp:miniapp_removed:header:proxy-id');
    const custom = resolveDedupe({ key: () => 'mine' }, 'test')!;
    expect(await deliveryKey(custom, event, text(event), undefined, rule)).toBe('miniapp:miniapp_removed:key:mine');
  });

  it('hashes the body when the id is empty, not a string, or over 256 characters', async () => {
    for (const id of ['', 42, 'x'.repeat(257)]) {
      const event = { eventName: 'cast.created', data: { id } };
      expect(await deliveryKey(dedupe, event, text(event))).toMatch(/^cast\.created:sha256:/);
    }
  });

  it('uses the key option when it returns a string, and the default when it returns undefined', async () => {
    const custom: ResolvedDedupe = { ...dedupe, key: (event) => (event.eventName === 'follow.created' ? 'mine' : undefined) };
    const follow = sampleEvent('follow.created');
    expect(await deliveryKey(custom, follow, text(follow))).toBe('follow.created:key:mine');
    const profile = sampleEvent('profile.updated');
    expect(await deliveryKey(custom, profile, text(profile))).toBe(`profile.updated:id:${profile.data.id!}`);
  });
});
