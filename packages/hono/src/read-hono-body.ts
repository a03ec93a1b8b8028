import type { Context } from 'hono';
import { readWebBody, readWebJson, type BodyContent } from '@social-webhooks/core/adapter';
import { readNodeStream, type NodeIncoming } from '@social-webhooks/core/node';

/**
 * Reads the body through Hono's body cache: when a middleware already read it (`c.req.json()`,
 * `c.req.text()`, `c.req.arrayBuffer()`), the cached copy is used; otherwise the raw stream is read
 * up to `limit` bytes and the bytes are cached, so a handler may still call `c.req.json()`.
 *
 * @param json the sender takes the body's JSON value alone (`receiver.readsParsedBody`) and the
 *   length is declared: on a Web Request, the body is then read with `request.json()`, the
 *   runtime's fastest read (`readWebJson`), and its value cached where `c.req.json()` looks.
 */
export function readHonoBody(c: Context, limit: number, incoming: NodeIncoming | undefined, json: boolean): Promise<BodyContent> {
  const bodyCache = cacheOf(c);
  if (holdsAny(bodyCache)) return fromCache(c, limit);
  const reading =
    incoming !== undefined ? readNodeStream(incoming, limit) : json ? readWebJson(c.req.raw, limit, true) : readWebBody(c.req.raw, limit);
  return reading.then((content) => {
    if (content.kind === 'bytes') bodyCache.arrayBuffer = Promise.resolve(toArrayBuffer(content.bytes));
    else if (content.kind === 'parsed') bodyCache.json = Promise.resolve(content.value);
    return content;
  });
}

// Whether a middleware read the body already; Object.keys would build an array on every delivery.
function holdsAny(bodyCache: PromisedBodyCache): boolean {
  for (const key in bodyCache) if (bodyCache[key as keyof PromisedBodyCache] !== undefined) return true;
  return false;
}

async function fromCache(c: Context, limit: number): Promise<BodyContent> {
  const bodyCache = cacheOf(c);
  if (bodyCache.text !== undefined) {
    const text = await bodyCache.text;
    // A UTF-8 byte count, not `text.length`: the limit is in bytes.
    return new TextEncoder().encode(text).byteLength > limit ? { kind: 'too-large' } : { kind: 'text', text };
  }
  if (bodyCache.json !== undefined) return { kind: 'parsed', value: await bodyCache.json };
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return bytes.byteLength > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes };
}

// Hono stores promises in `bodyCache`, though its type names the settled values.
interface PromisedBodyCache {
  text?: Promise<string>;
  json?: Promise<unknown>;
  arrayBuffer?: Promise<ArrayBuffer>;
}

function cacheOf(c: Context): PromisedBodyCache {
  return c.req.bodyCache as unknown as PromisedBodyCache;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  return byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer
    ? buffer
    : (buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
}
