import { describe, expect, it } from 'vitest';
import { buildDeliveryRequest, buildNeynarDelivery } from '../testing/index.js';
import { webhookHandler } from '../web/webhook-handler.js';
import { neynarSender } from '../senders/neynar/neynar-sender.js';
import { memoryStore } from '../dedupe/memory-store.js';
import { replay } from '../replay/replay.js';
import { memoryDeliveryArchive } from './memory-archive.js';
import { replayOf } from './replay-mark.js';
import type { DeliveryArchive } from './delivery-archive.js';
import type { HandoffJob, ReplayEnqueueOutcome } from '../handoff/handoff.js';
import { miniAppSender } from '../senders/miniapp/miniapp-sender.js';
import { createMiniAppSigner } from '../samples/miniapp-signer.js';
import { createWebhookReceiver } from '../receiver.js';

const SECRET = 'archive-secret';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const castOf = (hash: string) => ({ hash, author: { fid: 3 }, text: hash });

async function neynarRequest(hash: string, secret = SECRET, extra: Record<string, string> = {}): Promise<Request> {
  const { headers, body } = await buildNeynarDelivery({ secret, type: 'cast.created', data: castOf(hash) });
  return new Request('http://localhost/webhook', { method: 'POST', headers: { ...headers, ...extra }, body });
}

describe('the archive option', () => {
  it('keeps a verified delivery as received (bytes, the headers that hold no secret, outcome) and never a forgery', async () => {
    const archive = memoryDeliveryArchive();
    const handle = webhookHandler({
      sender: neynarSender({ secrets: SECRET }),
      logger: false,
      on: { 'cast.created': () => undefined },
      archive,
    });
    const request = await neynarRequest('0xa1', SECRET, { 'x-convoy-idempotency-key': 'conv-1' });
    const sent = new Uint8Array(await request.clone().arrayBuffer());
    expect((await handle(request)).status).toBe(200);
    expect((await handle(await neynarRequest('0xf0', 'forged'))).status).toBe(401);
    const { deliveries } = await archive.list();
    expect(deliveries).toHaveLength(1);
    const [kept] = deliveries;
    expect(kept).toMatchObject({
      sender: 'neynar',
      eventName: 'cast.created',
      status: 200,
      code: 'handled',
      replays: 0,
      bodyAsReceived: true,
    });
    expect(kept!.deliveryKey).toBe('neynar:cast.created:header:conv-1');
    expect(kept!.body).toEqual(sent);
    expect(Object.keys(kept!.headers).sort()).toEqual(['content-type', 'x-convoy-idempotency-key', 'x-neynar-signature']);
    expect(archive.refusedCounts()).toEqual({ signature_mismatch: 1 });
    expect(await archive.refusedTotals?.()).toEqual({ signature_mismatch: 1 });
    expect(await archive.get(kept!.id)).toEqual(kept);
  });

  it("never keeps the founding service's header, whose value is the secret", async () => {
    const archive = memoryDeliveryArchive();
    const handle = webhookHandler({ secret: SECRET, logger: false, archive });
    expect((await handle(buildDeliveryRequest({ secret: SECRET }))).status).toBe(200);
    const [kept] = (await archive.list()).deliveries;
    expect(kept!.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.stringify(kept!.headers)).not.toContain(SECRET);
    expect(kept!.code).toBe('no_handler');
  });

  it("records a handler's later outcome after a respondWithin answer", async () => {
    const archive = memoryDeliveryArchive();
    const handle = webhookHandler({
      sender: neynarSender({ secrets: SECRET }),
      logger: false,
      respondWithin: 10,
      on: { 'cast.created': async () => (await sleep(60), Promise.reject(new Error('late'))) },
      archive,
    });
    expect((await handle(await neynarRequest('0xb1'))).status).toBe(202);
    expect((await archive.list()).deliveries[0]).toMatchObject({ status: 202, code: 'accepted' });
    await sleep(120);
    expect((await archive.list()).deliveries[0]).toMatchObject({ status: 500, code: 'handler_failed' });
  });

  it.each(['reject', 'hang'] as const)('answers as without the archive when the archive does %s, and logs a warning', async (behaviour) => {
    const broken = memoryDeliveryArchive();
    const failing: DeliveryArchive = {
      ...broken,
      timeoutMs: 50,
      add: () => (behaviour === 'reject' ? Promise.reject(new Error('down')) : new Promise<string>(() => undefined)),
    };
    const warnings: string[] = [];
    let ran = 0;
    const handle = webhookHandler({
      sender: neynarSender({ secrets: SECRET }),
      logger: { warn: (message) => void warnings.push(message) },
      on: { 'cast.created': () => void ran++ },
      archive: failing,
    });
    expect((await handle(await neynarRequest('0xc1'))).status).toBe(200);
    expect(ran).toBe(1);
    expect(warnings).toEqual([expect.stringContaining('the archive failed to keep a delivery')]);
  });

  it("keeps a Mini App event's bytes (the adapters then read bytes, not the runtime's JSON), its appFid in the event, no key", async () => {
    const signer = await createMiniAppSigner();
    const archive = memoryDeliveryArchive();
    const options = {
      sender: miniAppSender({ verifyAppKey: async () => ({ valid: true as const, appFid: signer.appFid }) }),
      logger: false as const,
      on: { miniapp_removed: () => undefined },
    };
    expect(createWebhookReceiver(options).readsParsedBody).toBe(true);
    expect(createWebhookReceiver({ ...options, archive }).readsParsedBody).toBe(false);
    const { headers, body } = await signer.delivery({ event: 'miniapp_removed' });
    const handle = webhookHandler({ ...options, archive });
    expect((await handle(new Request('http://localhost/webhook', { method: 'POST', headers, body }))).status).toBe(200);
    const [kept] = (await archive.list()).deliveries;
    expect(new TextDecoder().decode(kept!.body)).toBe(body);
    expect(kept).toMatchObject({ sender: 'miniapp', eventName: 'miniapp_removed', code: 'handled', deliveryKey: undefined });
    expect(kept!.event.data).toMatchObject({ fid: signer.fid, appFid: signer.appFid });
  });

  it('refuses an archive that is not one, saying what to pass', () => {
    expect(() => webhookHandler({ secret: SECRET, archive: {} as never })).toThrow(
      /`archive` must be a delivery archive such as memoryDeliveryArchive\(\)/,
    );
    expect(() => memoryDeliveryArchive({ maxDeliveries: 0 })).toThrow(/`maxDeliveries` must be a positive whole number/);
  });

  it('drops the oldest past maxDeliveries, and lists in pages newest first or oldest first', async () => {
    const archive = memoryDeliveryArchive({ maxDeliveries: 3 });
    const handle = webhookHandler({ sender: neynarSender({ secrets: SECRET }), logger: false, archive });
    for (const hash of ['0x1', '0x2', '0x3', '0x4']) expect((await handle(await neynarRequest(hash))).status).toBe(200);
    const hashes = (page: { deliveries: readonly { event: { data: Record<string, unknown> } }[] }) =>
      page.deliveries.map((d) => d.event.data['hash']);
    const first = await archive.list({ limit: 2 });
    expect(hashes(first)).toEqual(['0x4', '0x3']);
    expect(hashes(await archive.list({ limit: 2, cursor: first.cursor! }))).toEqual(['0x2']);
    expect(hashes(await archive.list({ order: 'asc' }))).toEqual(['0x2', '0x3', '0x4']);
  });
});

describe('replay', () => {
  it("runs failed deliveries again through today's handlers, marked, and skips the handled ones; a dry run sends nothing", async () => {
    const archive = memoryDeliveryArchive();
    const store = memoryStore();
    let broken = true;
    const handled: string[] = [];
    const marks: unknown[] = [];
    const options = {
      sender: neynarSender({ secrets: SECRET }),
      logger: false as const,
      respondWithin: 5,
      dedupe: { store },
      archive,
      on: {
        'cast.created': async (event: { data: { hash: string } }) => {
          await sleep(20);
          if (broken && event.data.hash.startsWith('0xbad')) throw new Error('bug');
          handled.push(event.data.hash);
          marks.push(replayOf(event)?.of);
        },
      },
    };
    const handle = webhookHandler(options);
    for (const hash of ['0xok1', '0xbad1', '0xbad2', '0xok2']) expect((await handle(await neynarRequest(hash))).status).toBe(202);
    await sleep(100);
    expect(handled).toEqual(['0xok1', '0xok2']);
    const dry = await replay({ receiver: options, dryRun: true });
    expect(dry).toMatchObject({ matched: 4, replayed: 2, skipped: 2, dryRun: true });
    expect(handled).toEqual(['0xok1', '0xok2']);
    broken = false;
    const report = await replay({ receiver: options, ratePerSecond: 1000 });
    expect(report).toMatchObject({ matched: 4, replayed: 2, skipped: 2, failed: 0 });
    expect(handled).toEqual(['0xok1', '0xok2', '0xbad1', '0xbad2']);
    const ids = report.deliveries.filter((d) => d.outcome === 'replayed').map((d) => d.id);
    expect(marks.slice(2)).toEqual(ids);
    expect(marks.slice(0, 2)).toEqual([undefined, undefined]);
    // Run again: everything is handled now.
    expect(await replay({ receiver: options })).toMatchObject({ replayed: 0, skipped: 4 });
    // Forced: every one runs again.
    expect(await replay({ receiver: options, force: true, ratePerSecond: 1000 })).toMatchObject({ replayed: 4 });
    expect(handled).toHaveLength(8);
  });

  it('through a handoff, queues a job under the delivery key (a kept job is not added twice), marked, and under a key of the run when forced', async () => {
    const archive = memoryDeliveryArchive();
    const jobs: HandoffJob[] = [];
    let failing = true;
    const options = {
      sender: neynarSender({ secrets: SECRET }),
      logger: false as const,
      archive,
      handoff: { enqueue: async (job: HandoffJob) => (failing ? Promise.reject(new Error('queue down')) : void jobs.push(job)) },
    };
    const handle = webhookHandler(options);
    expect((await handle(await neynarRequest('0xq1', SECRET, { 'x-convoy-idempotency-key': 'q1' }))).status).toBe(503);
    expect((await archive.list()).deliveries[0]).toMatchObject({ code: 'queue_unavailable', deliveryKey: 'neynar:cast.created:header:q1' });
    failing = false;
    const report = await replay({ receiver: options, checkpoint: 'q', ratePerSecond: 1000 });
    expect(report).toMatchObject({ replayed: 1, failed: 0 });
    expect(jobs.map((job) => [job.key, job.replay?.of, job.replay?.forced])).toEqual([
      ['neynar:cast.created:header:q1', report.deliveries[0]!.id, false],
    ]);
    await replay({ receiver: options, force: true, checkpoint: 'forced', ratePerSecond: 1000 });
    expect(jobs[1]!.key).toBe(`neynar:cast.created:header:q1:replay:${report.deliveries[0]!.id}:forced`);
  });

  it("through a hand-off's enqueueReplay: a job it runs again is replayed, one it leaves is skipped with its code", async () => {
    const archive = memoryDeliveryArchive();
    const calls: string[] = [];
    let answer: ReplayEnqueueOutcome = 'requeued';
    const options = {
      sender: neynarSender({ secrets: SECRET }),
      logger: false as const,
      archive,
      handoff: {
        enqueue: async () => undefined,
        enqueueReplay: async (job: HandoffJob) => {
          calls.push(job.key);
          return answer;
        },
      },
    };
    const handle = webhookHandler(options);
    expect((await handle(await neynarRequest('0xr1', SECRET, { 'x-convoy-idempotency-key': 'r1' }))).status).toBe(202);
    expect(calls).toEqual([]);
    expect(await replay({ receiver: options, ratePerSecond: 1000 })).toMatchObject({ replayed: 1, skipped: 0 });
    answer = 'already_queued';
    const queued = await replay({ receiver: options, ratePerSecond: 1000 });
    expect(queued).toMatchObject({ replayed: 0, skipped: 1 });
    expect(queued.deliveries[0]).toMatchObject({ outcome: 'skipped', code: 'already_queued' });
    // A job left waiting is not taken as handled: a later replay asks again.
    answer = 'already_handled';
    const handled = await replay({ receiver: options, ratePerSecond: 1000 });
    expect(handled.deliveries[0]).toMatchObject({ outcome: 'skipped', code: 'already_handled' });
    expect((await archive.list()).deliveries[0]!.lastReplay).toMatchObject({ code: 'duplicate' });
    expect(await replay({ receiver: options, ratePerSecond: 1000 })).toMatchObject({ matched: 1, skipped: 1, replayed: 0 });
    answer = 'requeued';
    expect(await replay({ receiver: options, force: true, ratePerSecond: 1000 })).toMatchObject({ replayed: 1 });
    // The fourth run skipped it from the archive's record alone; the forced one used the run's own key.
    expect(calls.slice(0, 3)).toEqual(Array.from({ length: 3 }, () => 'neynar:cast.created:header:r1'));
    expect(calls[3]).toMatch(/^neynar:cast\.created:header:r1:replay:.+:run-\d+$/);
    expect(calls).toHaveLength(4);
  });
});
