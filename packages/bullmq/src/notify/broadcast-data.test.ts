import { describe, expect, it } from 'vitest';
import { batchJobId, followUpJobId, planJobId } from './broadcast-data.js';

const targets = [
  { fid: 1, appFid: 9152, token: 'a' },
  { fid: 2, appFid: 9152, token: 'b' },
];

describe('broadcast job ids', () => {
  it('gives a batch the same id for the same content, and another for other content', () => {
    const id = batchJobId('digest:1', 'https://client.example/notify', targets);
    expect(batchJobId('digest:1', 'https://client.example/notify', [...targets])).toBe(id);
    expect(batchJobId('digest:1', 'https://other.example/notify', targets)).not.toBe(id);
    expect(batchJobId('digest:1', 'https://client.example/notify', targets.slice(1))).not.toBe(id);
    expect(batchJobId('digest:2', 'https://client.example/notify', targets)).not.toBe(id);
  });

  it('never has a ":" nor is an integer, which BullMQ refuses as custom ids', () => {
    for (const id of [planJobId('12'), planJobId('a:b'), batchJobId('7', 'u', targets), followUpJobId('x', 'limited')]) {
      expect(id).not.toContain(':');
      expect(Number.isInteger(Number(id))).toBe(false);
    }
    expect(followUpJobId('p', 'limited')).not.toBe(followUpJobId('p', 'retry'));
  });
});
