import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWebhookJobData, toJobId } from './job-data.js';

describe('toJobId', () => {
  it('never contains ":" and is never an integer, which BullMQ refuses as custom ids', () => {
    expect(toJobId('follow.created:id:0x1f')).toBe('follow.created%3Aid%3A0x1f');
    fc.assert(fc.property(fc.string(), (key) => !toJobId(`follow.created:id:${key}`).includes(':')));
  });

  it('maps two different keys to two different ids', () => {
    expect(toJobId('a:b')).not.toBe(toJobId('a%3Ab'));
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => a === b || toJobId(a) !== toJobId(b)));
  });
});

describe('isWebhookJobData', () => {
  it('accepts what the hand-off writes and refuses other shapes', () => {
    expect(isWebhookJobData({ eventName: 'follow.created', data: {}, carrier: {}, receivedAt: 1 })).toBe(true);
    expect(
      isWebhookJobData({ eventName: 'cast.created', data: {}, extra: { createdAt: 1 }, sender: 'neynar', carrier: {}, receivedAt: 1 }),
    ).toBe(true);
    for (const value of [
      null,
      'x',
      { eventName: '', data: {} },
      { eventName: 'follow.created', data: [] },
      { eventName: 'follow.created' },
      { eventName: 'e', data: {}, receivedAt: 'now' },
      { eventName: 'e', data: {}, extra: [1] },
      { eventName: 'e', data: {}, sender: '' },
    ]) {
      expect(isWebhookJobData(value)).toBe(false);
    }
  });
});
