import { describe, expect, it } from 'vitest';
import { memoryOpenStore } from '../../opens/memory-open-store.js';
import { memoryNotificationHistory } from './memory-history.js';
import { withOpens } from './with-opens.js';

const note = (notificationId: string) => ({ notificationId, title: 'T', body: 'B', targetUrl: 'https://app.example.com/' });

describe('withOpens', () => {
  it("joins each notification's opens to get() and list(); writes and timelines stay the history's", async () => {
    const opens = memoryOpenStore();
    const history = withOpens(memoryNotificationHistory(), opens);
    const at = Date.now();
    await history.record({ notification: note('a'), at, entries: [{ fid: 1, client: '9152', outcome: 'successful', final: true }] });
    await history.record({
      notification: note('b'),
      at: at + 1,
      entries: [{ fid: 2, client: '9152', outcome: 'successful', final: true }],
    });
    await opens.record({ notificationId: 'a', fid: 1, clientFid: 9152, at });
    await opens.record({ notificationId: 'a', fid: 1, clientFid: 9152, at: at + 5 });
    expect(await history.get('a')).toMatchObject({
      counts: { successful: 1 },
      opens: { opens: 2, uniqueOpens: 1, byClient: { '9152': { opens: 2, uniqueOpens: 1 } } },
    });
    const { broadcasts } = await history.list();
    expect(broadcasts.map(({ notificationId, opens: counted }) => [notificationId, counted?.uniqueOpens])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
    expect(await history.get('never')).toBeUndefined();
    expect((await history.timeline(1)).map(({ notificationId }) => notificationId)).toEqual(['a']);
  });
});
