// The notification sender on the runtime that serves it: `POST /notify` with `{ clientUrl, targets,
// notificationId }` fills a memory token store with those users' tokens at that client URL, sends one
// notification to all of them, and answers the report. Web APIs only, like the rest of the server.
import { createNotifier, memoryTokenStore } from '@social-webhooks/core';

export const NOTIFY_PATH = '/notify';

export async function serveNotify(request: Request): Promise<Response> {
  const { clientUrl, targets, notificationId } = (await request.json()) as {
    clientUrl: string;
    targets: { fid: number; token: string }[];
    notificationId: string;
  };
  const store = memoryTokenStore();
  for (const { fid, token } of targets) await store.save({ fid, appFid: 9152, url: clientUrl, token });
  const notifier = createNotifier({ store, logger: false, retryDelayMs: 20, timeoutMs: 2_000 });
  const report = await notifier.send(
    { notificationId, title: 'Hello', body: 'From every runtime', targetUrl: 'https://app.example.com/' },
    { to: 'all' },
  );
  return Response.json(report);
}
