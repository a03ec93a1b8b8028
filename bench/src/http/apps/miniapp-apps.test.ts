import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createMiniAppSigner, type MiniAppSigner } from '@social-webhooks/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchApp } from './fetch-app.js';
import { MINIAPP_FETCH_APPS } from './miniapp-fetch-apps.js';
import { MINIAPP_KEY_ENV } from './miniapp-lookup.js';
import { MINIAPP_NODE_APPS } from './miniapp-node-apps.js';

// The HTTP section trusts a Mini App figure only from a server that answers as its route should:
// each takes the genuine event the bench sends, and refuses what it claims to refuse. The bare
// route does no key lookup, so it takes a stranger's well-signed event: that is the work it skips.
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'a05b0599-e1b7-4568-9fb9-ef67e4840db2' };
type Kind = 'receiver' | 'reference' | 'bare';
/** What each kind of route answers a tampered payload and a stranger's key with. */
const REFUSALS: Record<Kind, { tampered: number; stranger: number }> = {
  receiver: { tampered: 401, stranger: 401 },
  // The reference throws one error class for a bad signature and for unreadable data; the docs' route answers it 400.
  reference: { tampered: 400, stranger: 401 },
  bare: { tampered: 401, stranger: 200 },
};

let signer: MiniAppSigner;
const before = process.env[MINIAPP_KEY_ENV];
const bodies = {} as Record<'genuine' | 'tampered' | 'stranger', string>;

beforeAll(async () => {
  signer = await createMiniAppSigner();
  process.env[MINIAPP_KEY_ENV] = signer.appKey;
  bodies.genuine = (await signer.delivery({ event: 'miniapp_added', notificationDetails: DETAILS })).body;
  const removed = await signer.sign({ event: 'miniapp_removed' });
  const added = await signer.sign({ event: 'miniapp_added', notificationDetails: DETAILS });
  bodies.tampered = JSON.stringify({ ...removed, payload: added.payload });
  bodies.stranger = (await (await createMiniAppSigner()).delivery({ event: 'miniapp_removed' })).body;
});
afterAll(() => {
  // The variable as it was before the suite (unset in a test run).
  if (before === undefined) Reflect.deleteProperty(process.env, MINIAPP_KEY_ENV);
  else process.env[MINIAPP_KEY_ENV] = before;
});

const expectAnswers = async (post: (body: string) => Promise<Response>, kind: Kind) => {
  const genuine = await post(bodies.genuine);
  expect(genuine.status).toBe(200);
  expect(await genuine.json()).toBe('ok');
  const tampered = await post(bodies.tampered);
  expect(tampered.status).toBe(REFUSALS[kind].tampered);
  await tampered.arrayBuffer();
  const stranger = await post(bodies.stranger);
  expect(stranger.status).toBe(REFUSALS[kind].stranger);
  await stranger.arrayBuffer();
};

describe.each([
  ['miniapp-web-handler', 'receiver'],
  ['miniapp-hono-adapter', 'receiver'],
  ['miniapp-web-reference', 'reference'],
  ['miniapp-web-bare', 'bare'],
] as const)('the Web app %s', (name, kind) => {
  it(`answers the genuine event 200, a tampered payload ${REFUSALS[kind].tampered} and a stranger's key ${REFUSALS[kind].stranger}`, async () => {
    const app: FetchApp = MINIAPP_FETCH_APPS[name]();
    const post = async (body: string) =>
      app(new Request('http://127.0.0.1/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    await expectAnswers(post, kind);
  });
});

describe.each([
  ['miniapp-express5-adapter', 'receiver'],
  ['miniapp-express5-reference', 'reference'],
  ['miniapp-node-adapter', 'receiver'],
  ['miniapp-node-reference', 'reference'],
  ['miniapp-node-bare', 'bare'],
] as const)('the Node server %s on loopback', (name, kind) => {
  let server: Server;
  beforeAll(async () => {
    server = MINIAPP_NODE_APPS[name]();
    await new Promise((resolve) => (server.listening ? resolve(undefined) : server.once('listening', resolve)));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it(`answers the genuine event 200, a tampered payload ${REFUSALS[kind].tampered} and a stranger's key ${REFUSALS[kind].stranger}`, async () => {
    const { port } = server.address() as AddressInfo;
    const post = (body: string) =>
      fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await expectAnswers(post, kind);
  });

  it('answers a body that is not JSON with a 4xx and keeps serving', async () => {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"header":',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    await response.arrayBuffer();
  });
});
