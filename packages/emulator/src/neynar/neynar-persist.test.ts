import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator.js';

let emulator: Emulator | undefined;
const folders: string[] = [];
afterEach(async () => {
  await emulator?.stop();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the state file keeps Neynar webhooks', () => {
  it('restores them with their secrets, subscription, state and faults, and their deliveries in the log', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'emulator-neynar-state-'));
    folders.push(folder);
    const persistPath = join(folder, 'state.json');
    emulator = await startEmulator({ persistPath, retry: { attempts: 1, baseDelayMs: 0, timeoutMs: 500 } });
    const created = emulator.neynar.createWebhook({
      name: 'kept',
      url: 'http://127.0.0.1:9/neynar',
      subscription: { 'follow.created': {} },
    });
    const rotated = emulator.neynar.rotateSecret(created.webhook_id, { graceSeconds: 60 });
    emulator.setFaults(created.webhook_id, { duplicate: true });
    const [deliveryId] = emulator.neynar.publish('follow.created').deliveries;
    await emulator.waitForDelivery(deliveryId!);
    await emulator.stop();
    expect(JSON.parse(readFileSync(persistPath, 'utf8'))).toMatchObject({
      neynarWebhooks: [{ webhook: rotated, faults: { duplicate: true } }],
    });

    emulator = await startEmulator({ persistPath });
    expect(emulator.neynar.webhooks()).toEqual([rotated]);
    expect(emulator.delivery(deliveryId!)).toMatchObject({ sender: 'neynar', eventName: 'follow.created', state: 'failed' });
    expect(emulator.neynar.publish('follow.created').matched).toEqual([created.webhook_id]);
    const listed = await fetch(`${emulator.url}/_emulator/neynar/webhooks`, { headers: { authorization: 'emulator-api-key' } });
    expect(await listed.json()).toMatchObject({ webhooks: [{ webhook_id: created.webhook_id, faults: { duplicate: true } }] });
  });

  it('leaves the file as it was when there is no Neynar webhook', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'emulator-neynar-state-'));
    folders.push(folder);
    const persistPath = join(folder, 'state.json');
    emulator = await startEmulator({ persistPath });
    emulator.createWebhook({ endpoint: 'http://127.0.0.1:9/webhook', filterConfig: { event_type: 'follow.created' } });
    await emulator.stop();
    emulator = undefined;
    expect(Object.keys(JSON.parse(readFileSync(persistPath, 'utf8')) as object)).toEqual(['version', 'webhooks', 'deliveries']);
  });
});
