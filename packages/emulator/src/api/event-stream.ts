import type { ServerResponse } from 'node:http';
import type { MiniAppHost } from '../miniapp/miniapp-host.js';
import type { ManagementContext } from './management-routes.js';
import { listWebhooks } from './emulator-routes.js';
import { listNeynarForPage } from '../neynar/neynar-emulator-routes.js';

// Proxies drop idle connections; a comment line every 15 s keeps the stream open (WHATWG HTML
// §9.2 "server-sent events" recommends one about every 15 seconds).
const KEEP_ALIVE_MS = 15_000;

/**
 * `GET /_emulator/stream`: server-sent events, a `delivery` event with the whole record each time a
 * delivery is added or changes, and a `webhooks` event with the list when it changes (`neynar-webhooks` for Neynar's), and `miniapp` when a Mini App delivery or a notification changed. The page
 * lists everything once, then follows this stream.
 */
export function openEventStream(context: ManagementContext & { readonly miniApp: MiniAppHost }, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('ready', {});
  const unsubscribeDeliveries = context.dispatcher.log.subscribe((record) => send('delivery', record));
  const unsubscribeWebhooks = context.webhooks.subscribe(() =>
    send('webhooks', (listWebhooks(context).body as { webhooks: unknown }).webhooks),
  );
  const unsubscribeNeynar = context.neynar.subscribe(() =>
    send('neynar-webhooks', (listNeynarForPage(context).body as { webhooks: unknown }).webhooks),
  );
  // Mini App deliveries and notifications received: a `miniapp` event, and the page lists them again.
  const unsubscribeMiniApp = context.miniApp.subscribe(() => send('miniapp', {}));
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  res.once('close', () => {
    clearInterval(keepAlive);
    unsubscribeDeliveries();
    unsubscribeWebhooks();
    unsubscribeNeynar();
    unsubscribeMiniApp();
  });
}
