import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_REQUEST_BYTES = 1024 * 1024;

/** A JSON body, `undefined` when empty, or an error message for a malformed or oversized one. */
export type JsonBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/** Reads and parses a request's JSON body, at most 1 MiB. */
export async function readJson(req: IncomingMessage): Promise<JsonBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) return { ok: false, message: 'The request body is larger than 1 MiB.' };
    chunks.push(chunk);
  }
  if (size === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
}

/** Answers with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
