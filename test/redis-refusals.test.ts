import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { neynarSender, type DeliveryArchive } from '@social-webhooks/core';
import { buildNeynarDelivery } from '@social-webhooks/core/testing';
import { dashboardHandler } from '@social-webhooks/dashboard';
import { webhookHandler } from '@social-webhooks/node';
import { redisDeliveryArchive } from '@social-webhooks/redis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { pollUntil } from './support/queue-processes.js';
import { useRedisClient } from './support/redis-client.js';

// Refusals counted across instances: two receivers on loopback sharing one redis-server's archive
// each answer forgeries 401 at once; the counts reach Redis in a flush, and the page (a third
// process's archive) shows their sum. A Redis that refuses every call changes no answer.
const SECRET = 'refusals-secret';

describe('refusal counts of a Redis archive shared by two receivers', () => {
  const redis = useRedisClient();
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  afterEach(() => vi.restoreAllMocks());

  async function receiver(archive: DeliveryArchive) {
    const server = createServer(webhookHandler({ sender: neynarSender({ secrets: SECRET }), logger: false, archive, on: {} }));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
    return async (secret: string, body?: string) => {
      const built = await buildNeynarDelivery({ secret, type: 'cast.created', data: { hash: '0x1', author: { fid: 3 } } });
      const response = await fetch(url, { method: 'POST', headers: built.headers, body: body ?? built.body });
      await response.arrayBuffer();
      return response.status;
    };
  }

  it('adds both receivers’ forgeries in Redis, and the page shows the sum', async () => {
    const shared = (refusalFlushMs: number) => redisDeliveryArchive({ client: redis.client, prefix: 'two:', refusalFlushMs });
    const first = await receiver(shared(30));
    const second = await receiver(shared(30));
    for (let index = 0; index < 3; index++) expect(await first('forged')).toBe(401);
    for (let index = 0; index < 2; index++) expect(await second('forged')).toBe(401);
    expect(await second(SECRET)).toBe(200);
    const page = shared(1000);
    const totals = await pollUntil(
      () => page.refusedTotals!(),
      (read) => read['signature_mismatch'] === 5,
    );
    expect(totals).toEqual({ signature_mismatch: 5 });
    expect(page.refusedCounts()).toEqual({});

    const dashboard = dashboardHandler({ authorize: () => true, archive: page });
    const html = await (await dashboard(new Request('http://app.test/webhooks-admin'))).text();
    expect(html).toMatch(/<table id="refused">[\s\S]*<td>signature_mismatch<\/td>\s*<td class="n">5<\/td>/);
    expect(html).toContain('every instance');
  });

  it('answers forgeries the same when Redis refuses every call, and warns once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refusing = { eval: async () => Promise.reject(new Error('ERR the server refused')) };
    const archive = redisDeliveryArchive({ client: refusing, prefix: 'down:', refusalFlushMs: 10 });
    const send = await receiver(archive);
    for (let index = 0; index < 3; index++) {
      expect(await send('forged')).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(archive.refusedCounts()).toEqual({ signature_mismatch: 3 });
    await pollUntil(
      async () => warn.mock.calls.length,
      (count) => count > 0,
    );
    expect(warn.mock.calls.filter(([message]) => String(message).includes('refusal counts'))).toHaveLength(1);
  });
});
