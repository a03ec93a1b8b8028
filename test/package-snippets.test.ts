import type { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationBroadcaster } from '@social-webhooks/bullmq';
import { buildNeynarDelivery, createMiniAppSigner, type MiniAppSigner } from '@social-webhooks/core/testing';
import { redisTokenStore } from '@social-webhooks/redis';
import { itCompilesPrograms } from './support/compile-snippets.js';
import { startLocalHub } from './support/local-hub.js';
import { startQuickAuthIssuer } from './support/quick-auth-keys.js';
import { type StandInClient } from './support/notification-client.js';
import { redisConnection } from './support/redis-connection.js';
import { startUpstashRest } from './support/upstash-rest.js';
import {
  afterProgram,
  emulator,
  ends,
  exits,
  lines,
  post,
  programsOf,
  redisServer,
  runProgram as run,
  sleep,
  standIn,
  stopStarted,
  type Program,
  type RunningProgram,
  type SnippetRedis,
} from './support/snippet-programs.js';

// The notification, queue, Redis and OpenTelemetry snippets, run as pasted (test/support/snippet-programs.ts):
// each program is type-checked under the house's strict flags, then run on Node in a child process
// with the environment its page names (`REDIS_URL` at a real redis-server, the secret, the hub),
// against the strict stand-in client, the emulator or Redis, and what its page says it does is
// checked from outside. A fence that cannot run says so in its info string, `no-run: <why>`.
const FILES = [
  'packages/redis/README.md',
  'packages/bullmq/README.md',
  'packages/otel/README.md',
  'docs/notifications.md',
  'examples/miniapp-backend/README.md',
];
const SECRET = 'package-snippets-neynar-secret';

const all = FILES.map(programsOf);
const programs = all.flatMap(({ programs }) => programs);

// Everything is stopped, even after a failure: a program that ignores SIGTERM is killed after 10 s.
afterEach(stopStarted, 60_000);

/** Saves a token of the stand-in client for each FID in the Redis token store, as a receiver's `applyMiniAppEvent` does. */
async function seedTokens(client: ReturnType<typeof createClient>, clientApp: StandInClient, fids: readonly number[]): Promise<void> {
  const store = redisTokenStore({ client });
  for (const fid of fids) await store.save({ fid, appFid: 9152, url: clientApp.url, token: clientApp.issue(fid) });
}

/** A broadcast program (bullmq's README, the guide's §7): every user of the store notified once, progress read done. */
const durableBroadcast = (domain: string) => async (program: Program) => {
  const [redis, clientApp] = await Promise.all([redisServer(), standIn(domain)]);
  await seedTokens(redis.client, clientApp, [3, 4, 5]);
  const child = await run(program, { REDIS_URL: redis.url });
  const printed = child.lines.join('\n');
  expect(printed).toMatch(/planned: 3,/);
  expect(printed).toMatch(/successful: 3,/);
  expect(printed).toMatch(/done: true/);
  expect([...clientApp.delivered].sort()).toEqual([3, 4, 5].map((fid) => [`${fid}:digest-2026-11-26`, 1]));
  expect(clientApp.violations).toEqual([]);
  await exits(child);
};

/**
 * A Next.js route file, served as Next serves it: each request handed to its exported `POST` as a
 * Web Request (here through @hono/node-server), the program ready once it listens.
 */
const servedRoute = (program: Program): Program => ({
  ...program,
  code: `${program.code}
import { serve } from '@hono/node-server';
await new Promise((listening) => serve({ fetch: (request: Request) => POST(request), port: Number(process.env.PORT ?? 3000) }, listening));`,
});

/** A Next.js route file with a `GET` and a `POST`, served as Next serves it (see `servedRoute`). */
const servedGetAndPost = (program: Program): Program => ({
  ...program,
  code: `${program.code}
import { serve } from '@hono/node-server';
await new Promise((listening) => serve({ fetch: (request: Request) => (request.method === 'GET' ? GET(request) : POST(request)), port: Number(process.env.PORT ?? 3000) }, listening));`,
});

/** Redis, and the Upstash REST stand-in in front of it: the variables Redis.fromEnv() reads. */
async function upstashRedis() {
  const redis = await redisServer();
  const rest = await startUpstashRest(redis.url);
  afterProgram({ stop: () => rest.close() });
  return { redis, rest, env: { UPSTASH_REDIS_REST_URL: rest.url, UPSTASH_REDIS_REST_TOKEN: rest.token } };
}

/** docs/notifications.md's receiver on a real Redis, its hub one that knows the signer's app key, and the stand-in client for the tokens. */
async function durableReceiver(
  receiver: Program,
): Promise<{ redis: SnippetRedis; clientApp: StandInClient; signer: MiniAppSigner; child: RunningProgram }> {
  const [redis, clientApp, hub, signer] = await Promise.all([
    redisServer(),
    standIn('app.example.com'),
    startLocalHub(),
    createMiniAppSigner({ fid: 3 }),
  ]);
  afterProgram({ stop: () => hub.close() });
  hub.add(signer.signerEvent);
  const child = await run(receiver, { REDIS_URL: redis.url, SOCIAL_WEBHOOKS_HUB_URL: hub.url, NEYNAR_API_KEY: 'unused-locally' });
  return { redis, clientApp, signer, child };
}

/** What each program is said to do, by the heading it starts under. */
const SCENARIOS: Record<string, (program: Program) => Promise<void>> = {
  async 'packages/redis/README.md › @social-webhooks/redis'(program) {
    // Two instances on one Redis: a delivery reaching both is handled once.
    const redis = await redisServer();
    const env = { REDIS_URL: redis.url, NEYNAR_WEBHOOK_SECRET: SECRET };
    const instances = await Promise.all([run(program, env), run(program, env)]);
    const delivery = await buildNeynarDelivery({ secret: SECRET, type: 'cast.created' });
    for (const instance of instances) expect((await post(`${instance.url}/webhook`, delivery)).status).toBe(200);
    expect((await post(`${instances[0].url}/webhook`, await buildNeynarDelivery({ secret: 'forged', type: 'cast.created' }))).status).toBe(
      401,
    );
    await expect.poll(() => lines(instances, / handled$/).length).toBe(1);
    await sleep(300);
    expect(lines(instances, / handled$/)).toEqual([`cast ${(JSON.parse(delivery.body) as { data: { hash: string } }).data.hash} handled`]);
    for (const instance of instances) await exits(instance);
  },

  async 'packages/redis/README.md › The webhook route'(program) {
    // A Mini App event's token kept in Redis over HTTP, in the round trips the README's table gives.
    const [{ redis, rest, env }, client] = await Promise.all([upstashRedis(), emulator()]);
    const child = await run(servedRoute(program), { ...env, SOCIAL_WEBHOOKS_HUB_URL: client.url, NEYNAR_API_KEY: 'unused-locally' });
    const deliver = async (event: 'miniapp_added' | 'notifications_disabled') => {
      const before = rest.requests;
      const sent = await client.miniApp.send({ to: `${child.url}/`, event, fid: 3 });
      expect((await client.miniApp.waitForDelivery(sent.deliveryId)).state).toBe('delivered');
      return rest.requests - before;
    };
    // A user not cached: the key lookup's two steps, then the token.
    expect(await deliver('miniapp_added')).toBe(3);
    expect(await redisTokenStore({ client: redis.client }).get(3)).toHaveLength(1);
    // The user's keys cached: one step for the lookup.
    expect(await deliver('notifications_disabled')).toBe(2);
    expect(await redisTokenStore({ client: redis.client }).get(3)).toEqual([]);
  },

  async 'packages/redis/README.md › A broadcast route'(program) {
    // Tokens saved over TCP are read over HTTP, and a repeated run reaches nobody twice.
    const [{ redis, env }, clientApp] = await Promise.all([upstashRedis(), standIn('app.example.com')]);
    await seedTokens(redis.client, clientApp, [3, 4, 5]);
    const child = await run(servedRoute(program), { ...env, BROADCAST_TOKEN: 'broadcast-token' });
    expect((await fetch(`${child.url}/`, { method: 'POST' })).status).toBe(401);
    const broadcast = async () => {
      const answer = await fetch(`${child.url}/`, { method: 'POST', headers: { authorization: 'Bearer broadcast-token' } });
      expect(answer.status).toBe(200);
      return (await answer.json()) as Record<string, unknown>;
    };
    expect(await broadcast()).toMatchObject({ targets: 3, successful: 3, invalid: 0, failed: {} });
    expect(await broadcast()).toMatchObject({ successful: 0 });
    expect([...clientApp.delivered].sort()).toEqual([3, 4, 5].map((fid) => [`${fid}:digest-2026-11-26`, 1]));
    expect(clientApp.violations).toEqual([]);
  },

  async "packages/redis/README.md › Neynar's webhooks, handled once"(program) {
    // Two function instances on one Upstash database: a delivery reaching both is handled once.
    const { env } = await upstashRedis();
    const instances = await Promise.all([0, 1].map(() => run(servedRoute(program), { ...env, NEYNAR_WEBHOOK_SECRET: SECRET })));
    const delivery = await buildNeynarDelivery({ secret: SECRET, type: 'cast.created' });
    for (const instance of instances) expect((await post(`${instance.url}/`, delivery)).status).toBe(200);
    await expect.poll(() => lines(instances, / handled$/).length).toBe(1);
    await sleep(300);
    expect(lines(instances, / handled$/)).toHaveLength(1);
  },

  async 'packages/bullmq/README.md › @social-webhooks/bullmq'(program) {
    // 202 once Redis holds the job; a redelivery adds no second job; the worker runs the handler once.
    const redis = await redisServer();
    const child = await run(program, { REDIS_URL: redis.url, NEYNAR_WEBHOOK_SECRET: SECRET });
    const delivery = await buildNeynarDelivery({ secret: SECRET, type: 'cast.created' });
    expect((await post(`${child.url}/webhook`, delivery)).status).toBe(202);
    expect((await post(`${child.url}/webhook`, delivery)).status).toBe(202);
    expect((await post(`${child.url}/webhook`, await buildNeynarDelivery({ secret: 'forged', type: 'cast.created' }))).status).toBe(401);
    await expect.poll(() => lines([child], /^cast 0x\w+ by \d+, attempt 1$/).length, { timeout: 10_000 }).toBe(1);
    await sleep(500);
    expect(lines([child], /^cast /)).toHaveLength(1);
    await exits(child);
  },

  'packages/bullmq/README.md › Mini App notifications, broadcast durably': durableBroadcast('app.example.com'),

  async 'packages/otel/README.md › @social-webhooks/otel'(program) {
    // A span per delivery and per job, exported by the SDK the snippet sets up; a span per notification batch.
    const [redis, clientApp] = await Promise.all([redisServer(), standIn('app.example.com')]);
    const child = await run(program, { REDIS_URL: redis.url, NEYNAR_WEBHOOK_SECRET: SECRET });
    expect((await post(`${child.url}/webhook`, await buildNeynarDelivery({ secret: SECRET, type: 'cast.created' }))).status).toBe(202);
    await expect.poll(() => child.lines.join('\n'), { timeout: 10_000 }).toMatch(/name: 'webhook cast\.created'/);
    await expect.poll(() => child.lines.join('\n'), { timeout: 10_000 }).toMatch(/name: 'process webhooks'/);
    // The job's span links to the delivery's, whose trace context the job carried.
    const delivery = /name: 'webhook cast\.created',\n\s*id: '(\w+)'/.exec(child.lines.join('\n'))?.[1];
    expect(delivery).toMatch(/^[0-9a-f]{16}$/);
    // Within the job's span (it ends at a line holding only `}`), a link to that span id.
    expect(child.lines.join('\n')).toMatch(
      new RegExp(`name: 'process webhooks',(?:(?!\\n\\})[\\s\\S])*links: (?:(?!\\n\\})[\\s\\S])*spanId: '${delivery}'`),
    );
    await seedTokens(redis.client, clientApp, [3]);
    const broadcaster = notificationBroadcaster({ connection: redisConnection(redis.url), domain: 'app.example.com' });
    afterProgram({ stop: () => broadcaster.close() });
    const notification = { notificationId: 'otel-1', title: 'Hello', body: 'From the test', targetUrl: 'https://app.example.com/' };
    await broadcaster.broadcast(notification, { to: 'all' });
    await expect
      .poll(() => child.lines.join('\n'), { timeout: 10_000 })
      .toMatch(new RegExp(`name: 'notify ${new URL(clientApp.url).host}'`));
    expect(clientApp.delivered.get('3:otel-1')).toBe(1);
  },

  async 'docs/notifications.md › 1. Store the token, and answer'(program) {
    // §1 and §2: the receiver keeps the token the client sent; the digest route sends with it, once.
    const client = await emulator();
    const env = { SOCIAL_WEBHOOKS_HUB_URL: client.url, NEYNAR_API_KEY: 'unused-locally', DIGEST_TOKEN: 'digest-token' };
    const child = await run(program, env);
    const sent = await client.miniApp.send({ to: `${child.url}/webhook`, event: 'miniapp_added', fid: 3 });
    expect((await client.miniApp.waitForDelivery(sent.deliveryId)).state).toBe('delivered');
    expect((await fetch(`${child.url}/digest`, { method: 'POST' })).status).toBe(401);
    const answer = await fetch(`${child.url}/digest`, { method: 'POST', headers: { authorization: 'Bearer digest-token' } });
    expect(await answer.json()).toMatchObject({ notificationId: 'digest-2026-11-26', targets: 1, successful: 1, invalid: 0, failed: {} });
    expect(client.miniApp.received(3).map(({ notificationId, repeats }) => [notificationId, repeats])).toEqual([['digest-2026-11-26', 0]]);
  },

  async 'docs/notifications.md › Who gets it: audiences'(program) {
    // Farcaster's client holds users 3-9, another client user 6: each send reaches exactly its audience,
    // and the sale, past its expiry for everyone notified in the last 30 s, reaches only user 6's other client.
    const [redis, farcaster, other] = await Promise.all([redisServer(), standIn('app.example.com'), standIn('app.example.com')]);
    await seedTokens(redis.client, farcaster, [3, 4, 5, 6, 7, 8, 9]);
    await redisTokenStore({ client: redis.client }).save({ fid: 6, appFid: 1, url: other.url, token: other.issue(6, 1) });
    const child = await run(program, { REDIS_URL: redis.url });
    await ends(child);
    expect(child.lines.filter((line) => !line.startsWith('SNIPPET READY '))).toEqual(['boots 5', 'poll 2', 'sale 1 expired 7']);
    const reached = (client: StandInClient, id: string) =>
      [...client.delivered.keys()]
        .filter((key) => key.endsWith(`:${id}`))
        .map((key) => Number(key.split(':')[0]))
        .sort((a, b) => a - b);
    expect(reached(farcaster, 'boots-2026-11-27')).toEqual([3, 6, 7, 8, 9]);
    expect(reached(farcaster, 'poll-2026-11-27')).toEqual([4, 5]);
    expect(reached(farcaster, 'sale-2026-11-27')).toEqual([]);
    expect(reached(other, 'sale-2026-11-27')).toEqual([6]);
    expect(other.delivered.size).toBe(1);
    expect([...farcaster.violations, ...other.violations]).toEqual([]);
  },

  async 'docs/notifications.md › Since they enabled'(program) {
    // Farcaster's client: user 3 enabled on Nov 5, user 4 on Oct 20, user 5 stored before enabledAt was
    // kept, user 6 now (as applyMiniAppEvent saves); another client: user 3 on Oct 1. Only 3 (Farcaster) and 6 are welcomed.
    const [redis, farcaster, other] = await Promise.all([redisServer(), standIn('app.example.com'), standIn('app.example.com')]);
    const store = redisTokenStore({ client: redis.client });
    const url = farcaster.url;
    await store.save({ fid: 3, appFid: 9152, url, token: farcaster.issue(3), enabledAt: Date.parse('2026-11-05T09:30:00Z') });
    await store.save({ fid: 4, appFid: 9152, url, token: farcaster.issue(4), enabledAt: Date.parse('2026-10-20T00:00:00Z') });
    await redis.client.hSet('social-webhooks:miniapp-tokens:5', '9152', JSON.stringify({ url, token: farcaster.issue(5) }));
    await store.save({ fid: 6, appFid: 9152, url, token: farcaster.issue(6) });
    await store.save({ fid: 3, appFid: 1, url: other.url, token: other.issue(3, 1), enabledAt: Date.parse('2026-10-01T00:00:00Z') });
    const child = await run(program, { REDIS_URL: redis.url });
    await ends(child);
    const printed = child.lines.filter((line) => !line.startsWith('SNIPPET READY '));
    expect(printed[0]).toBe('welcome 2');
    expect(printed.slice(1).sort()).toEqual([
      'fid 3 at client 1 enabled 2026-10-01T00:00:00.000Z',
      'fid 3 at client 9152 enabled 2026-11-05T09:30:00.000Z',
    ]);
    expect([...farcaster.delivered.keys()].sort()).toEqual(['3:welcome-2026-11', '6:welcome-2026-11']);
    expect(other.delivered.size).toBe(0);
    expect([...farcaster.violations, ...other.violations]).toEqual([]);
  },

  async 'docs/notifications.md › When: at a time, every day, cancel'(program) {
    // Users 3-5: the launch reaches each once, not before its time; the cancelled one reaches nobody;
    // the daily schedule is listed, then removed.
    const [redis, clientApp] = await Promise.all([redisServer(), standIn('app.example.com')]);
    await seedTokens(redis.client, clientApp, [3, 4, 5]);
    const started = Date.now();
    const child = await run(program, { REDIS_URL: redis.url });
    await ends(child);
    expect(child.lines.filter((line) => !line.startsWith('SNIPPET READY '))).toEqual([
      'scheduled true',
      'typo not-started',
      'schedules daily-digest',
      'launch 3 cancelled 0',
    ]);
    expect([...clientApp.delivered].sort()).toEqual([3, 4, 5].map((fid) => [`${fid}:launch-2026-11-28`, 1]));
    expect(Math.min(...clientApp.requests.map(({ at }) => at))).toBeGreaterThanOrEqual(started + 2_000);
    expect(clientApp.violations).toEqual([]);
    const left = notificationBroadcaster({ connection: redisConnection(redis.url) });
    afterProgram({ stop: () => left.close() });
    expect(await left.listSchedules()).toEqual([]);
  },

  async 'docs/notifications.md › What happened: history'(program) {
    // Users 3-5 hold tokens at Farcaster's client, user 6 a token the client no longer honours: the
    // history the program prints is what the client delivered.
    const [redis, clientApp] = await Promise.all([redisServer(), standIn('app.example.com')]);
    await seedTokens(redis.client, clientApp, [3, 4, 5]);
    await redisTokenStore({ client: redis.client }).save({ fid: 6, appFid: 9152, url: clientApp.url, token: 'revoked-token' });
    const child = await run(program, { REDIS_URL: redis.url });
    await ends(child);
    const delivered = [...clientApp.delivered.keys()].filter((key) => key.endsWith(':digest-2026-11-28'));
    expect(delivered).toHaveLength(3);
    expect(child.lines.filter((line) => !line.startsWith('SNIPPET READY '))).toEqual([
      `listed 1 successful ${delivered.length} invalid 1`,
      'at 9152 3',
      'fid 3 digest-2026-11-28 successful',
    ]);
    expect(clientApp.violations).toEqual([]);
  },

  async 'docs/notifications.md › 6. Answer first, notify after'(program) {
    // The event is answered, then the user is welcomed, once.
    const client = await emulator();
    const env = { SOCIAL_WEBHOOKS_HUB_URL: client.url, NEYNAR_API_KEY: 'unused-locally' };
    const child = await run(program, env);
    const sent = await client.miniApp.send({ to: `${child.url}/webhook`, event: 'miniapp_added', fid: 5 });
    expect((await client.miniApp.waitForDelivery(sent.deliveryId)).state).toBe('delivered');
    await expect.poll(() => client.miniApp.received(5).map(({ notificationId }) => notificationId)).toEqual(['welcome-5']);
    await sleep(300);
    expect(client.miniApp.received(5)).toHaveLength(1);

    // A welcome whose send() rejects (here a domain its targetUrl is not on: invalid_options) is
    // logged, and the server answers the next event: the rejection is handled, so Node stays up.
    const wrongDomain = program.code.replace(
      "createNotifier({ store: tokens, domain: 'app.example.com' })",
      "createNotifier({ store: tokens, domain: 'other.example.com' })",
    );
    expect(wrongDomain).not.toBe(program.code);
    const failing = await run({ name: program.name, code: wrongDomain }, env);
    let stderr = '';
    failing.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const added = await client.miniApp.send({ to: `${failing.url}/webhook`, event: 'miniapp_added', fid: 6 });
    expect((await client.miniApp.waitForDelivery(added.deliveryId)).state).toBe('delivered');
    await expect.poll(() => stderr).toMatch(/welcome not sent: .*`targetUrl`.*other\.example\.com/);
    await sleep(300);
    expect(failing.child.exitCode).toBeNull();
    const next = await client.miniApp.send({ to: `${failing.url}/webhook`, event: 'notifications_disabled', fid: 6 });
    expect((await client.miniApp.waitForDelivery(next.deliveryId)).attempts.map(({ status }) => status)).toEqual([200]);
    expect(client.miniApp.received(6)).toEqual([]);
    expect(failing.child.exitCode).toBeNull();
  },

  async 'docs/notifications.md › On serverless platforms: `after()`, `waitUntil`'(program) {
    // The route on Node with Upstash (the stand-in): the event answered 200, its token in Upstash,
    // then the welcome, once. Outside Vercel, waitUntil finds no request context and does nothing,
    // which is what the page says: the promise it was given runs on regardless.
    const [{ redis, env }, client] = await Promise.all([upstashRedis(), emulator()]);
    const child = await run(servedRoute(program), { ...env, SOCIAL_WEBHOOKS_HUB_URL: client.url, NEYNAR_API_KEY: 'unused-locally' });
    const sent = await client.miniApp.send({ to: `${child.url}/`, event: 'miniapp_added', fid: 5 });
    const delivery = await client.miniApp.waitForDelivery(sent.deliveryId);
    expect(delivery.attempts.map(({ status }) => status)).toEqual([200]);
    expect(await redisTokenStore({ client: redis.client }).get(5)).toHaveLength(1);
    await expect.poll(() => client.miniApp.received(5).map(({ notificationId }) => notificationId)).toEqual(['welcome-5']);
    const [welcome] = client.miniApp.notifications();
    expect(Date.parse(welcome!.receivedAt)).toBeGreaterThanOrEqual(
      Date.parse(delivery.attempts[0]!.at) + Math.floor(delivery.attempts[0]!.latencyMs),
    );
    await sleep(300);
    expect(client.miniApp.received(5)).toHaveLength(1);
  },

  async 'docs/notifications.md › The receiver keeps the tokens in Redis'(receiver) {
    // A signed notifications_enabled saves the user's token in Redis; miniapp_removed removes it.
    const { redis, clientApp, signer, child } = await durableReceiver(receiver);
    const token = clientApp.issue(3);
    expect(
      (
        await post(
          `${child.url}/webhook`,
          await signer.delivery({ event: 'notifications_enabled', notificationDetails: { url: clientApp.url, token } }),
        )
      ).status,
    ).toBe(200);
    expect(await redisTokenStore({ client: redis.client }).get(3)).toEqual([
      { fid: 3, appFid: 9152, url: clientApp.url, token, enabledAt: expect.any(Number) },
    ]);
    expect((await post(`${child.url}/webhook`, await signer.delivery({ event: 'miniapp_removed' }))).status).toBe(200);
    expect(await redisTokenStore({ client: redis.client }).get(3)).toEqual([]);
    await exits(child);
  },

  async 'docs/notifications.md › The broadcast and its worker'(broadcast) {
    // Pasted in order: the receiver saves the token of a signed notifications_enabled, then the
    // broadcast reaches that user once, its progress read done.
    const { redis, clientApp, signer, child } = await durableReceiver(
      programs.find(({ name }) => name.endsWith('The receiver keeps the tokens in Redis'))!,
    );
    const delivery = await signer.delivery({
      event: 'notifications_enabled',
      notificationDetails: { url: clientApp.url, token: clientApp.issue(3) },
    });
    expect((await post(`${child.url}/webhook`, delivery)).status).toBe(200);
    const sender = await run(broadcast, { REDIS_URL: redis.url });
    const printed = sender.lines.join('\n');
    expect(printed).toMatch(/planned: 1,/);
    expect(printed).toMatch(/successful: 1,/);
    expect(printed).toMatch(/done: true/);
    expect([...clientApp.delivered]).toEqual([['3:digest-2026-11-26', 1]]);
    expect(clientApp.violations).toEqual([]);
    await exits(sender);
    await exits(child);
  },

  async 'docs/notifications.md › Broadcasts without a worker'(program) {
    // The digest route on Upstash over REST: only the secret's holder starts it, the cron's GET sends
    // it, each user once, and the next GET finds nothing left.
    const [{ redis, env }, clientApp] = await Promise.all([upstashRedis(), standIn('app.example.com')]);
    await seedTokens(redis.client, clientApp, [3, 4, 5]);
    const child = await run(servedGetAndPost(program), { ...env, CRON_SECRET: 'cron-secret' });
    const call = async (method: 'GET' | 'POST', secret?: string) => {
      const response = await fetch(`${child.url}/api/digest`, {
        method,
        headers: secret === undefined ? {} : { authorization: `Bearer ${secret}` },
      });
      return { status: response.status, body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : undefined };
    };
    expect((await call('POST')).status).toBe(401);
    expect((await call('GET', 'wrong')).status).toBe(401);
    expect((await call('POST', 'cron-secret')).body).toMatchObject({ id: 'digest-2026-11-27', existing: false });
    expect((await call('POST', 'cron-secret')).body).toMatchObject({ id: 'digest-2026-11-27', existing: true });
    const ran = await call('GET', 'cron-secret');
    expect(ran.body).toMatchObject({ done: true, busy: [] });
    expect((ran.body!['broadcasts'] as unknown[])[0]).toMatchObject({ id: 'digest-2026-11-27', targets: 3, successful: 3, done: true });
    expect([...clientApp.delivered].sort()).toEqual([3, 4, 5].map((fid) => [`${fid}:digest-2026-11-27`, 1]));
    expect(clientApp.violations).toEqual([]);
    expect((await call('GET', 'cron-secret')).body).toEqual({ done: true, broadcasts: [], busy: [] });
  },

  async 'docs/notifications.md › 10. Opens'(program) {
    // The receiver on a real Redis, its tokens verified against a Quick Auth key set the test holds:
    // an open is counted for the token's FID whatever the body says, another domain's token refused.
    const [redis, issuer] = await Promise.all([redisServer(), startQuickAuthIssuer()]);
    afterProgram({ stop: () => issuer.close() });
    const child = await run(program, { REDIS_URL: redis.url, SOCIAL_WEBHOOKS_QUICK_AUTH_URL: issuer.origin });
    const report = async (token: string, body: unknown) =>
      (
        await fetch(`${child.url}/api/opens`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;
    const three = await issuer.sign({ fid: 3, domain: 'app.example.com' });
    expect(await report(three, { notificationId: 'digest-2026-11-27', clientFid: 9152, fid: 4 })).toBe(200);
    expect(await report(three, { notificationId: 'digest-2026-11-27', clientFid: 9152 })).toBe(200);
    expect(
      await report(await issuer.sign({ fid: 5, domain: 'app.example.com' }), { notificationId: 'digest-2026-11-27', clientFid: 9152 }),
    ).toBe(200);
    expect(await report(await issuer.sign({ fid: 4, domain: 'other.example.com' }), { notificationId: 'digest-2026-11-27' })).toBe(401);
    expect(await (await fetch(`${child.url}/api/opens/digest-2026-11-27`)).json()).toEqual({
      opens: 3,
      uniqueOpens: 2,
      byClient: { '9152': { opens: 3, uniqueOpens: 2 } },
    });
    // Who opened it, as Redis holds it: 3 and 5, each also under the client; never the body's 4.
    expect((await redis.client.sMembers('social-webhooks:opens:{digest-2026-11-27}:fids')).sort()).toEqual(['3', '5', '9152:3', '9152:5']);
  },
};

describe('the notification, queue, Redis and OpenTelemetry snippets', () => {
  it('finds each program where its page puts it, and only fences that say why are left out', () => {
    expect(programs.map(({ name }) => name)).toEqual(Object.keys(SCENARIOS));
    expect(all.flatMap(({ excluded }) => excluded.map(({ file, lang }) => `${file}: ${lang}`))).toEqual([
      'packages/redis/README.md: sh',
      'packages/redis/README.md: sh',
      'packages/bullmq/README.md: sh',
      'packages/otel/README.md: sh',
      'docs/notifications.md: sh',
      'docs/notifications.md: sh',
      'docs/notifications.md: json',
      'docs/notifications.md: sh',
      'docs/notifications.md: sh',
      'docs/notifications.md: ts',
      'examples/miniapp-backend/README.md: sh',
    ]);
  });

  it("builds BullMQ's connection from REDIS_URL with Redis's port when the URL names none", () => {
    // `Number(new URL('redis://redis.internal').port)` is 0: ioredis then dials port 0 and never connects.
    const portless = programs.filter(({ code }) => /port: Number\(new URL\([^)]*\)\.port\)/.test(code)).map(({ name }) => name);
    expect(portless).toEqual([]);
  });

  itCompilesPrograms('package-snippets-types', programs);

  it.each(programs)(
    '$name runs as pasted and does what its page says',
    async (program) => {
      await SCENARIOS[program.name]!(program);
    },
    60_000,
  );
});
