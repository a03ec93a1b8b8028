import type { ServerResponse } from 'node:http';
import type { ReceiveResult } from '@social-webhooks/core/adapter';

const CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a receive result as a JSON answer, unless a handler already answered through `res`. One
 * `writeHead` with a flat list of headers: Node writes them as given, without the name checks and
 * the header map of `setHeader` (headers a handler or middleware set are kept, ours win on the same
 * name). The length is declared, as `res.end(text)` alone would, so the answer is not chunked.
 *
 * @param extraHeaders more headers, e.g. `{ connection: 'close' }`.
 */
export function writeResult(res: ServerResponse, result: ReceiveResult, extraHeaders?: Readonly<Record<string, string>>): void {
  if (res.headersSent || res.writableEnded) return;
  const { body } = result;
  const headers = ['content-type', CONTENT_TYPE, 'content-length', String(Buffer.byteLength(body))];
  if (extraHeaders !== undefined) for (const name in extraHeaders) headers.push(name, extraHeaders[name]!);
  res.writeHead(result.status, headers).end(body);
}
