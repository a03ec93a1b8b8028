import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webhookHandler } from '@social-webhooks/core';
import { buildDelivery, sampleEvent } from '@social-webhooks/core/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBin } from '../../test/run-bin.js';
import { startReceiver, type LoopbackReceiver } from '../../test/loopback-receiver.js';

// A receiver on loopback that answers with the real Web handler of @social-webhooks/core, so the test
// shows that `send` delivers what a receiver accepts (send-neynar.test.ts: with --sender neynar).
const handled: string[] = [];
let receiver: LoopbackReceiver;
let url: string;
let received: LoopbackReceiver['received'];

const handle = webhookHandler({
  secret: 's3cret',
  on: {
    'follow.created': (event) => void handled.push(`follow.created ${event.data.followerProfileId}`),
    'profile.updated': (event) => void handled.push(`profile.updated ${event.data.userId}`),
  },
});

beforeAll(async () => {
  receiver = await startReceiver(handle);
  ({ url, received } = receiver);
});
afterAll(() => receiver.close());
beforeEach(() => {
  received.length = 0;
  handled.length = 0;
  receiver.status = undefined;
});

describe('social-webhooks send', () => {
  it('delivers the documented sample exactly as the service would, and prints status and body', async () => {
    const result = await runBin(['send', '--to', url, '--secret', 's3cret', '--event', 'follow.created']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`POST ${url} (follow.created, envelope form, x-airstack-webhook)`);
    expect(result.stdout).toMatch(/^200 OK$/m);
    const expected = buildDelivery({ secret: 's3cret', eventName: 'follow.created' });
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.body).toBe(expected.body);
    expect(received[0]!.headers).toMatchObject(expected.headers);
    expect(handled).toEqual(['follow.created 3761']);
  });

  it('sends the flat form with --flat, and a custom header with --header', async () => {
    receiver.status = 204;
    const result = await runBin([
      'send',
      '--to',
      url,
      '--secret',
      's3cret',
      '--event',
      'profile.updated',
      '--flat',
      '--header',
      'x-other-webhook',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(received[0]!.body)).toEqual(sampleEvent('profile.updated').data);
    expect(received[0]!.headers['x-other-webhook']).toBe('s3cret');
    expect(received[0]!.headers['x-airstack-webhook']).toBeUndefined();
  });

  it('sends --data from a file, and takes the secret from WEBHOOK_SECRET', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'social-webhooks-send-'));
    writeFileSync(join(dir, 'data.json'), JSON.stringify({ followerProfileId: '1', followingProfileId: '2' }));
    const result = await runBin(['send', '--to', url, '--event', 'follow.created', '--data', '@data.json', '--json'], {
      cwd: dir,
      env: { WEBHOOK_SECRET: 's3cret' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, ok: true, sent: { eventName: 'follow.created', form: 'envelope' } });
    expect(handled).toEqual(['follow.created 1']);
  });

  it('exits 1 and prints the body when the receiver answers non-2xx', async () => {
    const result = await runBin(['send', '--to', url, '--secret', 'wrong', '--event', 'follow.created']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^401 Unauthorized \(the service would retry this delivery later\)$/m);
    expect(result.stdout).toContain('header_mismatch');
  });

  it('exits 4 when the receiver cannot be reached', async () => {
    const result = await runBin(['send', '--to', 'http://127.0.0.1:9/webhook', '--secret', 's', '--event', 'follow.created']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/could not reach the receiver at http:\/\/127\.0\.0\.1:9\/webhook.*is it running\?/);
  });

  it('exits 2 for a missing secret or an invalid URL', async () => {
    expect((await runBin(['send', '--to', url, '--event', 'follow.created'])).stderr).toMatch(/missing --secret \(or set WEBHOOK_SECRET\)/);
    const bad = await runBin(['send', '--to', 'localhost:3000', '--secret', 's', '--event', 'follow.created']);
    expect(bad.code).toBe(2);
    expect(received).toHaveLength(0);
  });
});
