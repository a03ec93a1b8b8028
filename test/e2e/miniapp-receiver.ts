import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { miniAppSender, verifyAppKeyWithHub, webhookHandler, type MiniAppEvent, type NotificationDetails } from '@social-webhooks/core';

/** A Mini App's webhook on loopback that verifies each event through a hub and keeps the notification details it is given. */
export interface MiniAppReceiver {
  /** Its webhookUrl. */
  readonly url: string;
  /** The events it verified, oldest first. */
  readonly handled: MiniAppEvent[];
  /** The notification details each user's newest event carried. */
  readonly details: Map<number, NotificationDetails>;
  close(): Promise<void>;
}

/** Starts a Mini App webhook that asks `hubUrl` for app keys (no cache). */
export async function startMiniAppReceiver(hubUrl: string): Promise<MiniAppReceiver> {
  const handled: MiniAppEvent[] = [];
  const details = new Map<number, NotificationDetails>();
  const keep = (event: MiniAppEvent) => {
    handled.push(event);
    const carried = (event.data as { notificationDetails?: NotificationDetails }).notificationDetails;
    if (carried !== undefined) details.set(event.data.fid, carried);
  };
  const handle = webhookHandler({
    sender: miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl, cacheMs: 0 }) }),
    on: { miniapp_added: keep, notifications_enabled: keep, notifications_disabled: keep, miniapp_removed: keep },
    logger: false,
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = new Request('http://miniapp.test/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      void handle(request).then(async (response) => res.writeHead(response.status).end(await response.text()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    handled,
    details,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
