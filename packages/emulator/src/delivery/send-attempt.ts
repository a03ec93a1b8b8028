import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ReceivedAnswer } from './delivery-log.js';

/** How one attempt ended: the receiver's answer, or why there was none. */
export type AttemptOutcome =
  | { readonly status: number; readonly latencyMs: number; readonly response: ReceivedAnswer }
  | { readonly error: string; readonly latencyMs: number };

export interface AttemptRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** How much of the answer's body to keep, in bytes. */
  readonly maxAnswerBytes: number;
  /** The `disconnect` fault: cut the connection as soon as the answer starts, unread. */
  readonly cutBeforeAnswer?: boolean;
}

/** The error an attempt cut by the `disconnect` fault records. */
export const CUT_ERROR = 'connection cut before the answer (disconnect fault)';

/**
 * POSTs one delivery. No connection pool (`agent: false`): every attempt has its own socket, closed
 * when it ends, so stopping the emulator leaves no socket behind and one slow endpoint cannot hold
 * a pooled socket another needs. Never rejects.
 */
export function sendAttempt({ url, headers, body, timeoutMs, signal, maxAnswerBytes, cutBeforeAnswer = false }: AttemptRequest): Promise<AttemptOutcome> {
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
      if (cutBeforeAnswer) {
        // The receiver has handled the request and is answering; the gateway never reads it.
        settle({ error: CUT_ERROR, latencyMs: latency() });
        req.destroy();
        return;
      }
      readAnswer(res, maxAnswerBytes).then(
        (response) => settle({ status: response.status, latencyMs: latency(), response }),
        (error: Error) => settle({ error: error.message, latencyMs: latency() }),
      );
    });
    req.once('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message, latencyMs: latency() }));
    req.end(bytes);
  });
}

/** Reads the whole answer (so the socket ends cleanly), keeping its first `limit` bytes. */
async function readAnswer(res: IncomingMessage, limit: number): Promise<ReceivedAnswer> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let bodyBytes = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    bodyBytes += chunk.length;
    if (keptBytes < limit) {
      const part = chunk.subarray(0, limit - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { status: res.statusCode ?? 0, headers, body: Buffer.concat(kept).toString('utf8'), bodyBytes, truncated: bodyBytes > keptBytes };
}
