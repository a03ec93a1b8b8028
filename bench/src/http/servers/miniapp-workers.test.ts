import { createMiniAppSigner } from '@social-webhooks/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker } from '../../bundle/bundle-worker.js';
import { MINIAPP_BARE_WORKER, miniAppHandlerWorker, miniAppReferenceWorker } from './miniapp-workers.js';
import { appSourceFile } from './serve-workerd.js';
import { startWorkerd, type WorkerdProcess } from './workerd-process.js';

// The Mini App Workers of the HTTP section, bundled and served by the workerd binary itself: each
// takes the genuine event the bench sends and refuses a tampered one, before wrk drives any of them.
const DETAILS = { url: 'https://api.farcaster.xyz/v1/frame-notifications', token: 'a05b0599-e1b7-4568-9fb9-ef67e4840db2' };
const signer = await createMiniAppSigner();
const files = { lookup: appSourceFile('miniapp-lookup.ts'), reference: appSourceFile('miniapp-reference.ts') };

describe.each([
  ['the core handler with miniAppSender', miniAppHandlerWorker(signer.appKey, files), [], 401],
  // The reference reads Node's Buffer; the docs' route answers its bad-signature error 400.
  ['the route built on parseWebhookEvent', miniAppReferenceWorker(signer.appKey, files), ['nodejs_compat'], 400],
  ['the bare verify with Web Crypto', MINIAPP_BARE_WORKER, [], 401],
] as const)('%s served by workerd directly', (_name, source, flags, tamperedStatus) => {
  let workerd: WorkerdProcess;
  const post = (body: string) =>
    fetch(`http://127.0.0.1:${workerd.port}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  beforeAll(async () => {
    workerd = await startWorkerd({ code: (await bundleWorker(source, { fromSource: true })).code, compatibilityFlags: flags });
  });
  afterAll(async () => {
    await workerd?.stop();
  });

  it('answers the genuine miniapp_added 200', async () => {
    const response = await post((await signer.delivery({ event: 'miniapp_added', notificationDetails: DETAILS })).body);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe('ok');
  });

  it(`answers a payload swapped for another the same key signed ${tamperedStatus}`, async () => {
    const removed = await signer.sign({ event: 'miniapp_removed' });
    const added = await signer.sign({ event: 'miniapp_added', notificationDetails: DETAILS });
    const response = await post(JSON.stringify({ ...removed, payload: added.payload }));
    expect(response.status).toBe(tamperedStatus);
    await response.arrayBuffer();
  });
});
