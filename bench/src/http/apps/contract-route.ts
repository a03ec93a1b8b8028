import { BENCH_SECRET, HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';
import type { FetchApp } from './fetch-app.js';

const LIMIT = 1024 * 1024;
const decoder = new TextDecoder();
const refuse = (status: number, error: string): Response => Response.json({ error }, { status });

/**
 * The shortest hand-written Web route that keeps what docs/contract.md asks of every receiver and
 * a bare `request.json()` route skips: 405 for another method, a constant-time header compare, 415
 * for another content-type or a compressed body, 413 past 1 MiB (declared, or counted while a
 * chunked body is read), an object with a string `eventName` and an object `data`. It decodes as
 * `request.json()` does (bytes that are not UTF-8 become U+FFFD), and so reads a body of declared
 * length with `request.json()` itself, a chunked one counted chunk by chunk. It checks
 * only the two fields a follow handler reads, where the receiver validates every field of every
 * payload: a floor of what any full receiver must do. Set against it, the receiver's cost is
 * what the library adds; set against the bare route, what the contract adds.
 */
export function contractRoute(): FetchApp {
  return async (request) => {
    if (request.method !== 'POST') return refuse(405, 'method_not_allowed');
    const { headers } = request;
    if (!sameSecret(headers.get(HEADER))) return refuse(401, 'header_mismatch');
    const type = headers.get('content-type');
    if (type !== null && type !== 'application/json' && !type.toLowerCase().startsWith('application/json;')) {
      return refuse(415, 'unsupported_media_type');
    }
    const encoding = headers.get('content-encoding');
    if (encoding !== null && encoding.toLowerCase() !== 'identity') return refuse(415, 'unsupported_content_encoding');
    const length = headers.get('content-length');
    if (length !== null && Number(length) > LIMIT) return refuse(413, 'payload_too_large');
    let body: unknown;
    try {
      if (length !== null) body = await request.json();
      else {
        const bytes = await readLimited(request);
        if (bytes === undefined) return refuse(413, 'payload_too_large');
        body = JSON.parse(decoder.decode(bytes));
      }
    } catch {
      return refuse(400, 'invalid_json');
    }
    if (!isObject(body) || typeof body['eventName'] !== 'string' || !isObject(body['data'])) return refuse(400, 'invalid_envelope');
    const data = body['data'];
    if (typeof data['followerProfileId'] !== 'string' && typeof data['userId'] !== 'string') return refuse(400, 'invalid_payload');
    sink(body);
    return Response.json('ok');
  };
}

function sameSecret(value: string | null): boolean {
  if (value === null) return false;
  const probe = value.length === BENCH_SECRET.length ? value : BENCH_SECRET;
  let diff = value.length ^ BENCH_SECRET.length;
  for (let index = 0; index < BENCH_SECRET.length; index++) diff |= probe.charCodeAt(index) ^ BENCH_SECRET.charCodeAt(index);
  return diff === 0;
}

async function readLimited(request: Request): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > LIMIT) return undefined;
    chunks.push(chunk);
  }
  return new Blob(chunks as BlobPart[]).bytes();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
