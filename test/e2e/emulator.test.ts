import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@social-webhooks/client';
import type { EventName } from '@social-webhooks/core';
import { sampleEvent } from '@social-webhooks/core/testing';
import { DEFAULT_API_KEY, startEmulator, type Emulator, type EmulatorOptions } from '@social-webhooks/emulator';
import { startReceiver, type Framework, type TestReceiver } from './receivers.js';

const EVENTS: EventName[] = ['profile.created', 'profile.updated', 'follow.created', 'follow.deleted'];
const FAST_RETRY = { attempts: 4, baseDelayMs: 40, timeoutMs: 400 };

let emulator: Emulator;
let client: Client;
const receivers: TestReceiver[] = [];

async function setUp(options: EmulatorOptions = {}) {
  emulator = await startEmulator({ retry: FAST_RETRY, ...options });
  client = createClient({ apiKey: DEFAULT_API_KEY, baseUrl: emulator.url });
}

async function receiver(framework: Framework, port?: number) {
  const started = await startReceiver(framework, port);
  receivers.push(started);
  return started;
}

afterEach(async () => {
  await emulator?.stop();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

describe.each([
  ['express', 'envelope'],
  ['express', 'flat'],
  ['hono', 'envelope'],
  ['hono', 'flat'],
] as const)('client -> emulator -> %s receiver, %s bodies', (framework, bodyForm) => {
  beforeEach(() => setUp({ bodyForm }));

  it('delivers every event type to the webhook that listens to it, typed', async () => {
    const target = await receiver(framework);
    const secrets: Partial<Record<EventName, string>> = {};
    for (const eventName of EVENTS) {
      const created = await client.createWebhook({ endpoint: target.url, filterConfig: { event_type: eventName } });
      secrets[eventName] = created.headerValue;
    }
    target.arm(secrets);
    for (const eventName of EVENTS) await publish(eventName);
    await emulator.idle();
    expect(target.handled.map((event) => event.eventName)).toEqual(EVENTS);
    // The sample, with a fresh id on each publish (so a receiver's dedupe does not drop the next one).
    expect(target.handled[2]).toEqual(freshSample('follow.created'));
    expect(new Set(target.handled.map((event) => event.data.id)).size).toBe(EVENTS.length);
    expect(emulator.deliveries().every((d) => d.state === 'delivered' && d.attempts.length === 1)).toBe(true);
  });

  it('delivers an event that matches the filter and not one that does not', async () => {
    const target = await receiver(framework);
    const created = await client.createWebhook({
      endpoint: target.url,
      filterConfig: { event_type: 'follow.created', filter: { followerProfileId: '3761' }, payload: sampleEvent('follow.created').data },
    });
    target.arm({ 'follow.created': created.headerValue });
    const matching = await publish('follow.created');
    const other = await publish('follow.created', { ...sampleEvent('follow.created').data, followerProfileId: '602' });
    await emulator.idle();
    expect(matching.matched).toEqual([created.webhookId]);
    expect(other.matched).toEqual([]);
    expect(target.handled.map((event) => event.data)).toEqual([freshSample('follow.created').data]);
  });
});

describe('the gateway\'s retries', () => {
  beforeEach(() => setUp());

  it('retries a receiver that fails twice, then succeeds: three attempts logged, one handled', async () => {
    const target = await receiver('express');
    const { headerValue, webhookId } = await client.createWebhook({ endpoint: target.url, filterConfig: { event_type: 'follow.deleted' } });
    target.arm(headerValue);
    target.behave((attempt) => (attempt <= 2 ? 'fail' : 'handle'));
    await publish('follow.deleted');
    await emulator.idle();
    const [delivery] = emulator.deliveries(webhookId);
    expect(delivery!.state).toBe('delivered');
    expect(delivery!.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(target.handled).toHaveLength(1);
    // Backoff: the second gap is about twice the first.
    const times = delivery!.attempts.map((a) => Date.parse(a.at));
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(FAST_RETRY.baseDelayMs * 2);
  });

  it('counts a receiver that does not answer in time as failed, and gives up after the last attempt', async () => {
    const target = await receiver('hono');
    const { headerValue, webhookId } = await client.createWebhook({ endpoint: target.url, filterConfig: { event_type: 'profile.updated' } });
    target.arm(headerValue);
    target.behave(() => 'hang');
    await publish('profile.updated');
    await emulator.idle();
    const [delivery] = emulator.deliveries(webhookId);
    expect(delivery!.state).toBe('failed');
    expect(delivery!.attempts).toHaveLength(FAST_RETRY.attempts);
    expect(delivery!.attempts.every((a) => a.error === `no answer within ${FAST_RETRY.timeoutMs} ms`)).toBe(true);
  });

  it('cancels pending retries when the webhook is deleted', async () => {
    await setUp({ retry: { attempts: 5, baseDelayMs: 150, timeoutMs: 400 } });
    const target = await receiver('express');
    const { headerValue, webhookId } = await client.createWebhook({ endpoint: target.url, filterConfig: { event_type: 'follow.created' } });
    target.arm(headerValue);
    target.behave(() => 'fail');
    await publish('follow.created');
    await waitFor(() => emulator.deliveries(webhookId)[0]!.attempts.length === 1);
    await client.deleteWebhook(webhookId);
    await emulator.idle();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const [delivery] = emulator.deliveries(webhookId);
    expect(delivery!.state).toBe('cancelled');
    expect(delivery!.attempts).toHaveLength(1);
    expect(target.statuses).toEqual([503]);
  });

  it('delivers to a receiver that went away and came back', async () => {
    const first = await receiver('express');
    const port = Number(new URL(first.url).port);
    const { headerValue } = await client.createWebhook({ endpoint: first.url, filterConfig: { event_type: 'follow.created' } });
    await first.close();
    receivers.splice(receivers.indexOf(first), 1);
    await publish('follow.created');
    await waitFor(() => emulator.deliveries()[0]!.attempts.length >= 1);
    expect(emulator.deliveries()[0]!.attempts[0]!.error).toBe('ECONNREFUSED');
    const back = await receiver('express', port);
    back.arm(headerValue);
    await emulator.idle();
    expect(emulator.deliveries()[0]!.state).toBe('delivered');
    expect(back.handled).toHaveLength(1);
  });

  it('never lets a slow endpoint delay another one\'s delivery', async () => {
    await setUp({ retry: { attempts: 1, baseDelayMs: 10, timeoutMs: 1500 } });
    const slow = await receiver('hono');
    const fast = await receiver('express');
    const slowHook = await client.createWebhook({ endpoint: slow.url, filterConfig: { event_type: 'follow.created' } });
    const fastHook = await client.createWebhook({ endpoint: fast.url, filterConfig: { event_type: 'follow.created' } });
    slow.arm(slowHook.headerValue);
    fast.arm(fastHook.headerValue);
    slow.behave(() => 'hang');
    const started = Date.now();
    await publish('follow.created');
    await waitFor(() => fast.handled.length === 1);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('stopping', () => {
  it('leaves no timer or socket behind, even with retries pending', async () => {
    const before = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length;
    await setUp({ retry: { attempts: 5, baseDelayMs: 10_000, timeoutMs: 400 } });
    const target = await receiver('express');
    const { headerValue } = await client.createWebhook({ endpoint: target.url, filterConfig: { event_type: 'follow.created' } });
    target.arm(headerValue);
    target.behave(() => 'fail');
    await publish('follow.created');
    await waitFor(() => emulator.deliveries()[0]!.attempts.length === 1);
    await emulator.stop();
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emulator.deliveries()[0]!.state).toBe('cancelled');
    const after = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap' && r !== 'Timeout');
    expect(after.length).toBeLessThanOrEqual(before);
  });
});

async function publish(eventName: EventName, data?: Record<string, unknown>): Promise<{ matched: string[]; deliveries: string[] }> {
  const response = await fetch(`${emulator.url}/_emulator/events`, {
    method: 'POST',
    headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ eventName, ...(data && { data }) }),
  });
  expect(response.status).toBe(202);
  return (await response.json()) as { matched: string[]; deliveries: string[] };
}

/** The documented sample of an event type with any fresh id, as the emulator publishes it. */
function freshSample(eventName: EventName) {
  const sample = sampleEvent(eventName);
  return { ...sample, data: { ...sample.data, id: expect.stringMatching(/^[0-9a-f]{64}$/) } };
}

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
