import type { BatchResult, BatchTarget } from '@social-webhooks/core';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../io.js';
import { startProgress } from './progress.js';

const target = (fid: number): BatchTarget => ({ fid, appFid: 9152, token: `token-${fid}` });

function batch(parts: Partial<BatchResult>): BatchResult {
  return {
    url: 'https://client.example.com/notify',
    requested: true,
    successful: [],
    alreadySent: [],
    invalid: [],
    rateLimited: [],
    failed: [],
    cancelled: [],
    retry: undefined,
    stop: undefined,
    ...parts,
  };
}

function io(stderrIsTTY: boolean) {
  const out = { stderr: '' };
  const value: CliIo = { stdout: () => undefined, stderr: (t) => void (out.stderr += t), env: {}, cwd: '/', stderrIsTTY };
  return { io: value, out };
}

describe('startProgress', () => {
  it('off a terminal, writes a plain line at most once a second, then the last one', () => {
    let now = 0;
    const run = io(false);
    const progress = startProgress(run.io, 4, () => now);
    progress.onBatch(batch({ successful: [target(1)] }));
    now = 500;
    progress.onBatch(batch({ invalid: [target(2)] }));
    now = 1_000;
    progress.onBatch(batch({ failed: [{ target: target(3), reason: 'unknown' }] }));
    progress.finish(4);
    expect(run.out.stderr).toBe('progress: 75% 3/4 tokens, 3 request(s)\nprogress: 100% 4/4 tokens, 3 request(s)\n');
  });

  it('on a terminal, redraws one bar in place and counts a rate-limited token once when it is sent again', () => {
    const run = io(true);
    const progress = startProgress(run.io, 2);
    progress.onBatch(batch({ successful: [target(1)], rateLimited: [{ target: target(2), retryAt: 0 }] }));
    progress.onBatch(batch({ successful: [target(2)] }));
    progress.finish(2);
    const frames = run.out.stderr.replaceAll('\u001b[K', '').split('\r').slice(1);
    expect(frames).toEqual([
      `[${'#'.repeat(30)}] 100% 2/2 tokens, 1 request(s)`,
      `[${'#'.repeat(30)}] 100% 2/2 tokens, 2 request(s)`,
      `[${'#'.repeat(30)}] 100% 2/2 tokens, 2 request(s)\n`,
    ]);
  });

  it('says a wait on a line of its own: on a terminal above the bar, drawn again below it', () => {
    const tty = io(true);
    const bar = startProgress(tty.io, 2);
    bar.onBatch(batch({ successful: [target(1)], rateLimited: [{ target: target(2), retryAt: 0 }] }));
    bar.say('waiting 29 s: 1 token(s) were notified less than 30 s ago');
    const full = `[${'#'.repeat(30)}] 100% 2/2 tokens, 1 request(s)`;
    expect(tty.out.stderr.replaceAll('\u001b[K', '')).toBe(
      `\r${full}\rwaiting 29 s: 1 token(s) were notified less than 30 s ago\n\r${full}`,
    );
    const plain = io(false);
    startProgress(plain.io, 2).say('waiting 1 s: 2 token(s) were notified less than 1 s ago');
    expect(plain.out.stderr).toBe('waiting 1 s: 2 token(s) were notified less than 1 s ago\n');
  });

  it('draws half a bar for half the tokens', () => {
    const run = io(true);
    startProgress(run.io, 10).onBatch(batch({ alreadySent: [1, 2, 3, 4, 5].map(target), requested: false }));
    expect(run.out.stderr).toBe(`\r[${'#'.repeat(15)}${'-'.repeat(15)}] 50% 5/10 tokens, 0 request(s)\u001b[K`);
  });
});
