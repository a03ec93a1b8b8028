import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMap, WebhookOptions } from '@social-webhooks/core';
import { harnesses, type Mounted } from './support/harnesses.js';
import { PATH } from './support/listen.js';
import { openRaw, sleep } from './support/raw-client.js';
import { LIMIT, SECRET } from './support/rows.js';
import { bytes } from './support/test-request.js';

// The raw-body cases that need a hand-driven client over a real socket, on every setup whose receiver
// reads the body itself (a body parser mounted first reads it whatever the header says: see the README).
// The Node-stream adapters close a connection whose chunked body they refused before it ended, rather
// than read and discard the rest; the Web handler and Hono on @hono/node-server leave that to Node.
const closesCutOffConnections = (name: string) => !/Web handler|Hono/.test(name);

const FOLLOW = JSON.stringify({ eventName: 'follow.created', data: { followerProfileId: '1', followingProfileId: '2' } });

describe.each(harnesses.filter((harness) => harness.parsesFirst === undefined))('$name', (harness) => {
  let mounted: Mounted;
  const handled: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  const options: WebhookOptions<unknown, EventMap> = {
    secret: SECRET,
    maxBodyBytes: LIMIT,
    on: { 'follow.created': (event) => void handled.push(event.eventName) },
  };

  beforeEach(async () => {
    handled.length = 0;
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    mounted = await harness.mount(options);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    await mounted.close();
  });

  it('answers a forged delivery 401 before its chunked body has arrived, and cuts it off: the body is never read nor parsed', async ({
    skip,
  }) => {
    if (mounted.port === undefined) return skip('no socket');
    const client = await openRaw(mounted.port, PATH, {
      'content-type': 'application/json',
      'x-airstack-webhook': 'forged',
      'transfer-encoding': 'chunked',
    });
    client.write('d\r\n{"eventName":\r\n');
    try {
      // The rest of the declared body never comes: only a receiver that did not wait for it answers.
      await expect(Promise.race([client.status, sleep(3000).then(() => 'no answer')])).resolves.toBe(401);
      expect(handled).toEqual([]);
      if (closesCutOffConnections(harness.name))
        await expect(Promise.race([client.closed, sleep(3000).then(() => 'open')])).resolves.toBe('closed');
    } finally {
      client.destroy();
    }
  });

  it('cuts a chunked body off at the limit with a 413, without waiting for its end', async ({ skip }) => {
    if (mounted.port === undefined) return skip('no socket');
    const client = await openRaw(mounted.port, PATH, {
      'content-type': 'application/json',
      'x-airstack-webhook': SECRET,
      'transfer-encoding': 'chunked',
    });
    const chunk = 'x'.repeat(1024);
    const total = LIMIT * 64;
    let sent = 0;
    try {
      client.write(`${(1).toString(16)}\r\n{\r\n`);
      while (sent < total && !client.answered()) {
        if (!client.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) break;
        sent += chunk.length;
        await sleep(2);
      }
      await expect(Promise.race([client.status, sleep(3000).then(() => 'no answer')])).resolves.toBe(413);
      expect(sent).toBeLessThan(total);
      if (closesCutOffConnections(harness.name))
        await expect(Promise.race([client.closed, sleep(3000).then(() => 'open')])).resolves.toBe('closed');
      expect(handled).toEqual([]);
    } finally {
      client.destroy();
    }
  });

  it('survives a client aborting mid-body, runs no handler for it, and keeps serving', async ({ skip }) => {
    if (mounted.port === undefined) return skip('no socket');
    const client = await openRaw(mounted.port, PATH, {
      'content-type': 'application/json',
      'x-airstack-webhook': SECRET,
      'content-length': String(FOLLOW.length),
    });
    client.write(FOLLOW.slice(0, 20));
    await sleep(30);
    client.destroy();
    await sleep(30);
    const response = await mounted.send({
      headers: { 'content-type': 'application/json', 'x-airstack-webhook': SECRET },
      body: bytes(FOLLOW),
    });
    expect(response.status).toBe(200);
    expect(handled).toEqual(['follow.created']);
    expect(unhandled).toEqual([]);
  });
});
