import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '../emulator.js';
import type { EmulatorOptions } from '../options.js';
import type { MiniAppSendInit } from './send-miniapp-event.js';

/** A started emulator and a Mini App webhook that answers 200, for the notification route's tests over real HTTP. */
export interface NotificationKit {
  readonly emulator: Emulator;
  /** Signs and delivers an event from `fid` to the Mini App; answers the token it carried, if any. */
  send(init: Omit<MiniAppSendInit, 'to'>): Promise<string | undefined>;
  /** POSTs a notification to the emulator's notification route, as a Mini App does, without a key. */
  notify(tokens: string[], fields?: Record<string, unknown>): Promise<{ status: number; text: string; json: () => unknown; ms: number }>;
  /** Calls one of the emulator's own routes with its API key (or none with `key: null`). */
  call(method: string, path: string, body?: unknown, key?: string | null): Promise<{ status: number; body: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export async function startNotificationKit(options: EmulatorOptions = {}): Promise<NotificationKit> {
  const emulator = await startEmulator({ retry: { attempts: 1, baseDelayMs: 10, timeoutMs: 2000 }, ...options });
  const app: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const to = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
  return {
    emulator,
    async send(init) {
      const sent = await emulator.miniApp.send({ ...init, to });
      await emulator.miniApp.waitForDelivery(sent.deliveryId);
      return (sent.payload as { notificationDetails?: { token: string } }).notificationDetails?.token;
    },
    async notify(tokens, fields = {}) {
      const body = { notificationId: 'n-1', title: 'Hi', body: 'A body', targetUrl: 'https://app.example.com/', tokens, ...fields };
      const started = performance.now();
      const response = await fetch(`${emulator.url}/_emulator/miniapp/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, text, json: () => JSON.parse(text) as unknown, ms: performance.now() - started };
    },
    async call(method, path, body, key = 'emulator-api-key') {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(key !== null && { authorization: key }) };
      const response = await fetch(emulator.url + path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async stop() {
      await emulator.stop();
      await new Promise((resolve) => app.close(resolve));
    },
  };
}
