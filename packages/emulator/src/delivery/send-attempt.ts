import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** How one attempt ended: the receiver's status, or why there was none. */
export type AttemptOutcome =
  | { readonly status: number; readonly latencyMs: number }
  | { readonly error: string; readonly latencyMs: number };

export interface AttemptRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
}

/**
 * POSTs one delivery. No connection pool (`agent: false`): every attempt has its own socket, closed
 * when it ends, so stopping the emulator leaves no socket behind and one slow endpoint cannot hold
 * a pooled socket another needs. Never rejects.
 */
export function sendAttempt({ url, headers, body, timeoutMs, signal }: AttemptRequest): Promise<AttemptOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const bytes = Buffer.from(body);
    const req = send(url, {
      method: 'POST',
      agent: false,
      signal,
      headers: { ...headers, 'content-length': String(bytes.length) },
    });
    // A timer rather than the socket's idle timeout: the limit is on the whole attempt.
    const timer = setTimeout(() => {
      settle({ error: `no answer within ${timeoutMs} ms`, latencyMs: latency() });
      req.destroy();
    }, timeoutMs);
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => settle({ status: res.statusCode ?? 0, latencyMs: latency() }));
      res.once('error', (error) => settle({ error: error.message, latencyMs: latency() }));
    });
    req.once('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message, latencyMs: latency() }));
    req.end(bytes);
  });
}
