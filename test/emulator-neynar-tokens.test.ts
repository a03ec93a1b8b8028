import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Configuration, NeynarAPIClient } from '@neynar/nodejs-sdk';
import type { FrameNotificationTokens, FrameNotificationTokensNotificationTokensInner } from '@neynar/nodejs-sdk/build/api';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { DEFAULT_API_KEY, startEmulator, type Emulator } from '@social-webhooks/emulator';
import type { NeynarNotificationToken } from '../packages/emulator/src/neynar/neynar-tokens.js';

// Neynar's list of an app's notification tokens, as the emulator plays it for the real
// `@neynar/nodejs-sdk` (3.177.0): `fetchNotificationTokens({ limit, fids, cursor })` sends
// GET /v2/farcaster/frame/notification_tokens/ with `x-api-key`, and reads `{ notification_tokens, next }`.
// The tokens are the ones the emulator issued as a Farcaster client, through Mini App events.

let emulator: Emulator;
let app: Server;
let sdk: NeynarAPIClient;

/** Sends one Mini App event and waits for the app to take it. */
async function send(fid: number, event: 'miniapp_added' | 'notifications_enabled' | 'notifications_disabled' | 'miniapp_removed') {
  const to = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
  const { deliveryId } = await emulator.miniApp.send({ to, event, fid });
  expect((await emulator.miniApp.waitForDelivery(deliveryId)).state).toBe('delivered');
}

/** Every row, page by page, as an importer pages: the SDK's cursor until it is null. */
async function allRows(limit: number, between?: (page: number) => Promise<void>) {
  const rows: FrameNotificationTokensNotificationTokensInner[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  do {
    const answer: FrameNotificationTokens = await sdk.fetchNotificationTokens({ limit, ...(cursor !== undefined && { cursor }) });
    rows.push(...answer.notification_tokens);
    sizes.push(answer.notification_tokens.length);
    await between?.(sizes.length);
    cursor = answer.next.cursor ?? undefined;
  } while (cursor !== undefined);
  return { rows, sizes };
}

beforeAll(async () => {
  emulator = await startEmulator();
  app = createServer((_, res) => res.writeHead(200).end()).listen(0, '127.0.0.1');
  await new Promise((listening) => app.once('listening', listening));
  sdk = new NeynarAPIClient(new Configuration({ apiKey: DEFAULT_API_KEY, basePath: emulator.url }));
  for (let fid = 1; fid <= 255; fid++) await send(fid, 'miniapp_added');
  for (const fid of [300, 301, 302]) await send(fid, 'miniapp_added');
  for (const fid of [300, 301]) await send(fid, 'notifications_disabled');
  await send(302, 'miniapp_removed');
  // A new token for fid 5: the old one is replaced, and only the new one is listed.
  await send(5, 'notifications_enabled');
}, 60_000);
afterAll(async () => {
  await emulator.stop();
  await new Promise((closed) => app.close(closed));
});

describe("the emulator's Neynar notification token list, through the SDK", () => {
  it('answers the rows the SDK types', () => {
    expectTypeOf<NeynarNotificationToken>().toExtend<FrameNotificationTokensNotificationTokensInner>();
  });

  it('pages every token the emulator issued, each once, the last page with a null cursor', async () => {
    const { rows, sizes } = await allRows(100);
    expect(sizes).toEqual([100, 100, 58]);
    expect(new Set(rows.map((row) => row.token)).size).toBe(258);
    const enabled = rows.filter((row) => row.status === 'enabled');
    expect(enabled.map((row) => row.fid).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 255 }, (_, index) => index + 1));
    expect(rows.filter((row) => row.status !== 'enabled').map((row) => [row.fid, row.status])).toEqual([
      [300, 'disabled'],
      [301, 'disabled'],
      [302, 'invalid'],
    ]);
    // Each listed token is the one the emulator honours; fid 5's replaced token is not listed.
    const honoured = new Set(
      emulator.miniApp
        .tokens()
        .filter((token) => token.state === 'enabled')
        .map((token) => token.token),
    );
    expect(enabled.every((row) => honoured.has(row.token!))).toBe(true);
    expect(rows.filter((row) => row.fid === 5)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ object: 'notification_token', url: `${emulator.url}/_emulator/miniapp/notifications` });
    expect(rows[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('defaults to 20 a page, and takes fids', async () => {
    const first = await sdk.fetchNotificationTokens({});
    expect(first.notification_tokens).toHaveLength(20);
    expect(first.next.cursor).toEqual(expect.any(String));
    const some = await sdk.fetchNotificationTokens({ fids: [3, 300, 9999] });
    expect(some.notification_tokens.map((row) => [row.fid, row.status])).toEqual([
      [3, 'enabled'],
      [300, 'disabled'],
    ]);
    expect(some.next.cursor).toBeNull();
  });

  it('lists a token issued between two pages on a later page: paging loses none', async () => {
    const { rows } = await allRows(100, async (page) => {
      if (page === 1) await send(1000, 'miniapp_added');
    });
    expect(rows.filter((row) => row.fid === 1000)).toHaveLength(1);
    expect(rows).toHaveLength(259);
  });

  it("answers a limit over 100, a bad cursor and a missing key in Neynar's error shape", async () => {
    const call = async (query: string, key: string | null = DEFAULT_API_KEY) => {
      const response = await fetch(`${emulator.url}/v2/farcaster/frame/notification_tokens/?${query}`, {
        headers: key === null ? {} : { 'x-api-key': key },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await call('limit=101')).toMatchObject({ status: 400, body: { code: 'InvalidField', property: 'limit' } });
    expect(await call('cursor=nonsense')).toMatchObject({ status: 400, body: { code: 'InvalidField', property: 'cursor' } });
    expect(await call('fids=3,x')).toMatchObject({ status: 400, body: { code: 'InvalidField', property: 'fids' } });
    expect(await call('', null)).toMatchObject({ status: 401, body: { code: 'Unauthorized' } });
    await expect(sdk.fetchNotificationTokens({ limit: 101 })).rejects.toMatchObject({ response: { status: 400 } });
  });
});
