import { memoryNotificationHistory } from '@social-webhooks/core';
import { dashboardHandler, type ArchivedDelivery, type DeadLetterQueue } from '@social-webhooks/dashboard';

// The production page as a Cloudflare Worker: bundled for the browser platform (no `node:` import
// can resolve) and run on workerd by test/dashboard-workerd.test.ts.
const body = new TextEncoder().encode(
  JSON.stringify({
    event: 'notifications_enabled',
    notificationDetails: { url: 'https://client.example/notify', token: 'worker-token-4b1e' },
  }),
);
const delivery: ArchivedDelivery = {
  id: 'w-1',
  sender: 'miniapp',
  eventName: 'notifications_enabled',
  receivedAt: Date.now(),
  status: 200,
  code: 'handled',
  deliveryKey: undefined,
  headers: { 'content-type': 'application/json' },
  body,
  replays: 0,
};
const retried: string[] = [];
const queue: DeadLetterQueue = {
  name: 'webhooks',
  list: () =>
    Promise.resolve({
      total: 1 - retried.length,
      jobs: retried.length > 0 ? [] : [{ id: 'job-1', eventName: 'follow.created', attemptsMade: 5, failedReason: 'down', failedAt: 0 }],
    }),
  retry: (ids) => Promise.resolve(void retried.push(...ids)).then(() => ids),
};

// A notification history with one broadcast, recorded at the first request (module scope has no clock on workerd).
const history = memoryNotificationHistory();
let recorded: Promise<void> | undefined;
const notification = { notificationId: 'w-launch', title: 'Worker launch', body: 'Live', targetUrl: 'https://app.example/l' };

const page = dashboardHandler({
  basePath: '/admin',
  authorize: (request) => request.headers.get('authorization') === 'Bearer worker-admin',
  archive: {
    list: () => Promise.resolve({ deliveries: [delivery] }),
    get: (id) => Promise.resolve(id === delivery.id ? delivery : undefined),
    refusedCounts: () => ({ signature_mismatch: 2 }),
  },
  deadLetters: queue,
  history,
});

export default {
  async fetch(request: Request): Promise<Response> {
    recorded ??= history.record({
      notification,
      at: Date.now(),
      entries: [
        { fid: 5, client: '9152', outcome: 'successful', final: true },
        { fid: 6, client: '9152', outcome: 'failed', reason: 'http_500', final: true },
      ],
    });
    await recorded;
    return page(request);
  },
};
