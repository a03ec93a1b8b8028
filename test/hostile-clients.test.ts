import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harnesses, type Mounted } from './support/harnesses.js';
import { HOSTILE_BODY_TIMEOUT_MS, hostileSenders } from './support/hostile-senders.js';
import { PATH } from './support/listen.js';
import { openRaw, sleep, type RawClient } from './support/raw-client.js';
import { LIMIT } from './support/row.js';
import { bytes } from './support/test-request.js';

// The raw-body cases that need a hand-driven client over a real socket, per sender, on every setup
// whose receiver reads the body itself (a body parser mounted first reads it whatever the header
// says: see the README). The Node-stream adapters close a connection whose chunked body they refused
// before it ended, rather than read and discard the rest; the Web handler and Hono on
// @hono/node-server leave that to Node.
const closesCutOffConnections = (name: string) => !/Web handler|Hono/.test(name);

const FOLLOW = JSON.stringify({ eventName: 'follow.created', data: { followerProfileId: '1', followingProfileId: '2' } });
const answer = (client: RawClient, ms = 3000) => Promise.race([client.status, sleep(ms).then(() => 'no answer')]);
const closed = (client: RawClient) => Promise.race([client.closed, sleep(3000).then(() => 'open')]);

describe.each(hostileSenders)('$name', (sender) => {
  const json = { 'content-type': 'application/json' };
  describe.each(harnesses.filter((harness) => harness.parsesFirst === undefined))('$name', (harness) => {
    let mounted: Mounted;
    const handled: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);

    beforeEach(async () => {
      handled.length = 0;
      unhandled.length = 0;
      process.on('unhandledRejection', onUnhandled);
      mounted = await harness.mount(sender.options(handled));
    });
    afterEach(async () => {
      process.off('unhandledRejection', onUnhandled);
      await mounted.close();
    });

    /** A raw request to the receiver with the sender's proof header. */
    const open = (proof: string, headers: Record<string, string>) =>
      openRaw(mounted.port!, PATH, { ...json, [sender.header]: proof, ...headers });

    it('answers a refused proof 401 before its chunked body has arrived, and cuts it off: the body is never read nor parsed', async ({
      skip,
    }) => {
      if (mounted.port === undefined) return skip('no socket');
      const client = await open(sender.refused, { 'transfer-encoding': 'chunked' });
      client.write('d\r\n{"eventName":\r\n');
      try {
        // The rest of the declared body never comes: only a receiver that did not wait for it answers.
        await expect(answer(client)).resolves.toBe(401);
        expect(handled).toEqual([]);
        if (closesCutOffConnections(harness.name)) await expect(closed(client)).resolves.toBe('closed');
      } finally {
        client.destroy();
      }
    });

    it('cuts a chunked body off at the limit with a 413, without waiting for its end', async ({ skip }) => {
      if (mounted.port === undefined) return skip('no socket');
      const client = await open(sender.passes, { 'transfer-encoding': 'chunked' });
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
        await expect(answer(client)).resolves.toBe(413);
        expect(sent).toBeLessThan(total);
        if (closesCutOffConnections(harness.name)) await expect(closed(client)).resolves.toBe('closed');
        expect(handled).toEqual([]);
      } finally {
        client.destroy();
      }
    });

    it('answers a huge declared content-length 413 at once, reading nothing', async ({ skip }) => {
      if (mounted.port === undefined) return skip('no socket');
      const client = await open(sender.passes, { 'content-length': String(10 * 1024 ** 3) });
      client.write('{"eventName":');
      try {
        await expect(answer(client)).resolves.toBe(413);
        expect(handled).toEqual([]);
      } finally {
        client.destroy();
      }
    });

    it('cuts off a slowloris body, a byte at a time, with a 408 at bodyTimeoutMs', async ({ skip }) => {
      if (mounted.port === undefined) return skip('no socket');
      const { headers, body } = await sender.genuine();
      const client = await openRaw(mounted.port, PATH, { ...headers, 'content-length': String(bytes(body).byteLength) });
      const started = Date.now();
      try {
        for (let at = 0; at < body.length && !client.answered() && Date.now() - started < 3000; at++) {
          client.write(body[at]!);
          await sleep(50);
        }
        await expect(answer(client)).resolves.toBe(408);
        expect(Date.now() - started).toBeGreaterThanOrEqual(HOSTILE_BODY_TIMEOUT_MS - 20);
        expect(handled).toEqual([]);
      } finally {
        client.destroy();
      }
    });

    it('answers the proof header sent 50 times 401, from the header alone', async ({ skip }) => {
      if (mounted.port === undefined) return skip('no socket');
      // Node joins the copies with ", "; 50 stay within its 16 KiB of headers (past it, Node answers 431 itself).
      const repeated = Array.from({ length: 50 }, () => [sender.header, sender.passes] as const);
      const raw = await openRaw(mounted.port, PATH, [['content-type', 'application/json'], ['transfer-encoding', 'chunked'], ...repeated]);
      raw.write('d\r\n{"eventName":\r\n');
      try {
        await expect(answer(raw)).resolves.toBe(401);
        expect(handled).toEqual([]);
      } finally {
        raw.destroy();
      }
    });

    it('answers a flood of garbage proofs 401, runs no handler, and keeps serving', async () => {
      const { body } = await sender.genuine();
      for (let batch = 0; batch < 5; batch++) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            mounted.send({ headers: { ...json, [sender.header]: sender.garbage(batch * 20 + index) }, body }).then((r) => r.status),
          ),
        );
        expect(new Set(statuses)).toEqual(new Set([401]));
      }
      expect(handled).toEqual([]);
      const genuine = await sender.genuine();
      expect((await mounted.send({ headers: genuine.headers, body: genuine.body })).status).toBe(200);
      expect(handled).toEqual(['follow.created']);
      expect(unhandled).toEqual([]);
    });

    it('survives a client aborting mid-body, runs no handler for it, and keeps serving', async ({ skip }) => {
      if (mounted.port === undefined) return skip('no socket');
      const client = await open(sender.passes, { 'content-length': String(FOLLOW.length) });
      client.write(FOLLOW.slice(0, 20));
      await sleep(30);
      client.destroy();
      await sleep(30);
      const { headers, body } = await sender.genuine();
      const response = await mounted.send({ headers, body: bytes(body) });
      expect(response.status).toBe(200);
      expect(handled).toEqual(['follow.created']);
      expect(unhandled).toEqual([]);
    });
  });
});
