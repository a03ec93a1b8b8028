import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '@social-webhooks/cli';
import { DEFAULT_API_KEY, startEmulator, type DeliveryRecord, type Emulator } from '@social-webhooks/emulator';
import { startReceiver, type TestReceiver } from './receivers.js';

// The command line's side of the development loop, against a running emulator and a real Express
// receiver: publish --wait, deliveries (list, detail, --json), replay, faults.
let emulator: Emulator;
let receiver: TestReceiver;
let webhookId: string;
let headerValue: string;

beforeAll(async () => {
  emulator = await startEmulator({ retry: { attempts: 2, baseDelayMs: 20, timeoutMs: 1000 } });
  receiver = await startReceiver('express');
  const created = await cli('create', '--endpoint', receiver.url, '--event', 'follow.created', '--json');
  ({ webhookId, headerValue } = JSON.parse(created.stdout) as { webhookId: string; headerValue: string });
  receiver.arm({ 'follow.created': headerValue });
});
afterAll(async () => {
  await emulator.stop();
  await receiver.close();
});

async function cli(...args: string[]) {
  const out = { stdout: '', stderr: '', code: -1 };
  const io: CliIo = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), env: { WEBHOOKS_API_KEY: DEFAULT_API_KEY, WEBHOOKS_BASE_URL: emulator.url }, cwd: process.cwd() };
  out.code = await runCli(args, io);
  return out;
}

describe('the command line against the emulator and a real receiver', () => {
  it('prints the page as the portal link', async () => {
    const created = await cli('create', '--endpoint', receiver.url, '--event', 'follow.deleted');
    expect(created.stdout).toMatch(new RegExp(`Portal: ${emulator.url}/#webhook=[0-9A-Z]{26}`));
  });

  it('publish --wait shows each answer; deliveries shows the log, one delivery in full, and --json carries it all', async () => {
    const published = await cli('publish', '--event', 'follow.created', '--wait');
    expect(published.code).toBe(0);
    expect(published.stdout).toMatch(/#1 \S+ {2}200 {2}\d+ ms {2}first {2}"ok"/);
    const [delivery] = emulator.deliveries(webhookId);
    const id = delivery!.deliveryId;

    const list = await cli('deliveries', '--webhook', webhookId);
    expect(list.stdout).toContain(`${id}  follow.created -> ${receiver.url} (webhook ${webhookId}): delivered`);

    const detail = await cli('deliveries', id);
    expect(detail.stdout).toContain(`x-convoy-idempotency-key: ${id}`);
    expect(detail.stdout).toMatch(/answer 200, 4 bytes:\n[\s\S]* {4}content-type: application\/json[\s\S]*\n {4}"ok"\n/);
    expect(detail.stdout).toContain(`x-airstack-webhook: ${headerValue.slice(0, 4)}****`);
    expect(detail.stdout).not.toContain(headerValue);

    const json = JSON.parse((await cli('deliveries', id, '--json')).stdout) as { delivery: DeliveryRecord };
    expect(json.delivery.attempts[0]).toMatchObject({ status: 200, response: { status: 200, body: '"ok"', bodyBytes: 4 }, request: { body: delivery!.body } });
    expect((await cli('deliveries', 'no-such-id')).code).toBe(2);
  });

  it('replay ID --wait redelivers it with the same id; replay --failed picks up what failed', async () => {
    const [delivery] = emulator.deliveries(webhookId);
    const replayed = await cli('replay', delivery!.deliveryId, '--wait');
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/#2 \S+ {2}200 {2}\d+ ms {2}replay/);
    expect(receiver.deliveryIds.slice(-2)).toEqual([delivery!.deliveryId, delivery!.deliveryId]);

    receiver.behave(() => 'fail');
    const failing = await cli('publish', '--event', 'follow.created', '--wait');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/: failed\n.*503 .*"error":"down"/);
    receiver.behave(() => 'handle');
    const all = await cli('replay', '--failed', '--webhook', webhookId, '--wait', '--json');
    expect(all.code).toBe(0);
    expect((JSON.parse(all.stdout) as { deliveries: DeliveryRecord[] }).deliveries.map((d) => d.state)).toEqual(['delivered']);
  });

  it('faults on a webhook and on one publish', async () => {
    expect((await cli('faults', webhookId, '--duplicate')).stdout).toContain('every delivery gets duplicate');
    const duplicated = await cli('publish', '--event', 'follow.created', '--wait', '--json');
    const [settled] = (JSON.parse(duplicated.stdout) as { settled: DeliveryRecord[] }).settled;
    expect(settled!.attempts.map((a) => a.kind)).toEqual(['first', 'duplicate']);
    expect((await cli('faults', webhookId, '--clear')).stdout).toContain('no faults');

    const cut = await cli('publish', '--event', 'follow.created', '--disconnect', '--wait');
    expect(cut.stdout).toMatch(/#1 .*connection cut before the answer \(disconnect fault\)[\s\S]*#2 .*200/);
  });

  it.each([
    [['replay'], /give either a DELIVERY_ID .* or --failed/],
    [['replay', 'x', '--failed'], /give either/],
    [['publish', '--event', 'follow.created', '--delay', 'soon'], /--delay expects a whole number/],
    [['faults', 'X'], /give at least one fault flag/],
    [['replay', 'nope'], /refused the request \(404\).*no delivery "nope"/],
    [['emulate', '--port', '0', '--persist', '.'], /cannot read \. \(EISDIR.*\); give persistPath a file/],
  ])('refuses %j with exit code 2 and says how to fix it', async (args, message) => {
    const run = await cli(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
