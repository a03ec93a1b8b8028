import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import express5 from 'express5';
import { Hono } from 'hono';
import type { SecretOption, WebhookEvent } from '@social-webhooks/core';
import { webhookHandler as expressHandler } from '@social-webhooks/express';
import { webhookHandler as honoHandler } from '@social-webhooks/hono';

/** What a test receiver does with each request before the webhook handler sees it. */
export type Behaviour = (attempt: number) => 'handle' | 'fail' | 'hang';

/**
 * A real receiver on loopback whose secret is set after the webhook is created (the endpoint must
 * exist first), recording every handled event.
 */
export interface TestReceiver {
  readonly url: string;
  readonly handled: WebhookEvent[];
  readonly statuses: number[];
  /** The `x-convoy-idempotency-key` of every request, in arrival order. */
  readonly deliveryIds: string[];
  arm(secret: SecretOption): void;
  behave(behaviour: Behaviour): void;
  close(): Promise<void>;
}

export type Framework = 'express' | 'hono';

/** Options of a test receiver. */
export interface ReceiverOptions {
  /** Turn the receiver's dedupe on (in memory). Default off. */
  readonly dedupe?: boolean;
}

export async function startReceiver(framework: Framework, port = 0, options: ReceiverOptions = {}): Promise<TestReceiver> {
  const handled: WebhookEvent[] = [];
  const statuses: number[] = [];
  const deliveryIds: string[] = [];
  const dedupe = options.dedupe === true;
  let attempts = 0;
  let behaviour: Behaviour = () => 'handle';
  const record = (event: WebhookEvent) => void handled.push(event);
  const on = { 'profile.created': record, 'profile.updated': record, 'follow.created': record, 'follow.deleted': record };
  let server: Server;
  let arm: (secret: SecretOption) => void;
  if (framework === 'express') {
    let handler: ReturnType<typeof expressHandler> | undefined;
    arm = (secret) => void (handler = expressHandler({ secret, on, dedupe }));
    const app = express5();
    app.post('/webhook', (req, res, next) => {
      deliveryIds.push(String(req.headers['x-convoy-idempotency-key']));
      const mode = behaviour(++attempts);
      if (mode === 'hang') return;
      res.on('finish', () => statuses.push(res.statusCode));
      if (mode === 'fail') return void res.status(503).json({ error: 'down' });
      handler!(req, res, next);
    });
    server = app.listen(port, '127.0.0.1');
  } else {
    let handler: ReturnType<typeof honoHandler> | undefined;
    arm = (secret) => void (handler = honoHandler({ secret, on, dedupe }));
    const app = new Hono();
    app.post('/webhook', async (c, next) => {
      deliveryIds.push(String(c.req.header('x-convoy-idempotency-key')));
      const mode = behaviour(++attempts);
      if (mode === 'hang') return new Promise<Response>(() => undefined);
      const response = mode === 'fail' ? c.json({ error: 'down' }, 503) : await handler!(c, next);
      statuses.push((response as Response).status);
      return response as Response;
    });
    server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }) as Server;
  }
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    handled,
    statuses,
    deliveryIds,
    arm,
    behave: (next) => {
      behaviour = next;
      attempts = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
