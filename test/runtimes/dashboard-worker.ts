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

export default {
  fetch: dashboardHandler({
    basePath: '/admin',
    authorize: (request) => request.headers.get('authorization') === 'Bearer worker-admin',
    archive: {
      list: () => Promise.resolve({ deliveries: [delivery] }),
      get: (id) => Promise.resolve(id === delivery.id ? delivery : undefined),
    },
    deadLetters: queue,
  }),
};
