import type { Context } from 'hono';
import { readWebBody, type BodyContent } from '@social-webhooks/core/adapter';
import { readNodeStream, type NodeReadableLike } from '@social-webhooks/core/node';

/**
 * Reads the body through Hono's body cache: when a middleware already read it (`c.req.json()`,
 * `c.req.text()`, `c.req.arrayBuffer()`), the cached copy is used; otherwise the raw stream is read
 * up to `limit` bytes and the bytes are cached, so a handler may still call `c.req.json()`.
 */
export async function readHonoBody(c: Context, limit: number): Promise<BodyContent> {
  const bodyCache = cacheOf(c);
  if (Object.keys(bodyCache).length > 0) return fromCache(c, limit);
  const incoming = untouchedNodeRequest(c);
  const content = incoming === undefined ? await readWebBody(c.req.raw, limit) : await readNodeStream(incoming, limit);
  if (content.kind === 'bytes') bodyCache.arrayBuffer = Promise.resolve(toArrayBuffer(content.bytes));
  return content;
}

/** Node's request as @hono/node-server hands it over in `c.env.incoming`, with its body not yet read. */
interface NodeIncoming extends NodeReadableLike {
  readonly readableFlowing: boolean | null;
  readonly readableDidRead: boolean;
}

/**
 * On @hono/node-server, Node's own request, when nothing has read its body yet; elsewhere (Bun,
 * Deno, Workers) or once anything has (a Web Request built from it puts its stream in motion),
 * `undefined`. Reading it directly skips building a Web Request, an AbortSignal and two streams for
 * a body of a few hundred bytes: the largest costs of a delivery on Node (BENCHMARKS.md, "What changed to meet the goals").
 */
function untouchedNodeRequest(c: Context): NodeIncoming | undefined {
  const incoming = (c.env as { incoming?: Partial<NodeIncoming> } | undefined)?.incoming;
  if (typeof incoming !== 'object' || incoming === null || typeof incoming.on !== 'function' || typeof incoming.off !== 'function')
    return undefined;
  const untouched = incoming.readableFlowing === null && incoming.readableDidRead === false && incoming.readableEnded === false;
  return untouched ? (incoming as NodeIncoming) : undefined;
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
