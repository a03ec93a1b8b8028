import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a loopback receiver got. */
export interface Received {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A receiver on loopback for `send`'s tests: it records each request, then answers with `handle`. */
export interface LoopbackReceiver {
  readonly url: string;
  readonly received: Received[];
  /** Answers this status with a JSON error instead of calling `handle`, until set back to `undefined`. */
  status: number | undefined;
  close(): Promise<void>;
}

/**
 * Starts a loopback receiver that answers with a Web handler (the core's `webhookHandler`), so a
 * test shows that `send` delivers what a real receiver accepts.
 */
export async function startReceiver(handle: (request: Request) => Promise<Response>): Promise<LoopbackReceiver> {
  const received: Received[] = [];
  const receiver: Omit<LoopbackReceiver, 'url' | 'close'> = { received, status: undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', headers: req.headers, body });
      if (receiver.status !== undefined) {
        res.writeHead(receiver.status, { 'content-type': 'application/json' }).end('{"error":"nope"}');
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      void handle(new Request('http://receiver/webhook', { method: 'POST', headers, body })).then(async (response) => {
        res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'text/plain' }).end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
