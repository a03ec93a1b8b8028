import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadedMajors } from './support/peers/loaded-majors.js';
import { PEER_MAJORS, peerSet } from './support/peers/peers-switch.js';

// The peer switch (SOCIAL_WEBHOOKS_PEERS, test/support/peers/) must load what it names, in the test
// process and in the processes the tests start: a switch that kept BullMQ 5 would prove nothing of 6.
const set = peerSet();
const PRINT = fileURLToPath(new URL('./support/peers/print-majors.ts', import.meta.url));

describe(`the peers of this run (${set})`, () => {
  it(`loads BullMQ ${PEER_MAJORS[set].bullmq} and node-redis ${PEER_MAJORS[set].redis} in the test process`, async () => {
    expect(await loadedMajors()).toEqual(PEER_MAJORS[set]);
  });

  it('loads the same in a process a test starts, as the queue receivers and workers are', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--conditions=source', PRINT], { cwd: root });
    expect(JSON.parse(run.stdout)).toEqual(PEER_MAJORS[set]);
  });
});
