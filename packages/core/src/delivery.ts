/**
 * What a body reader hands back: raw bytes, text, a value a framework or the runtime already parsed;
 * or too large, already consumed by another reader, or refused by the runtime's own JSON read
 * (`not-json`: `request.json()` found no JSON).
 */
export type BodyContent =
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'parsed'; readonly value: unknown }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'not-json' };

/**
 * One incoming request as an adapter sees it. The body is read lazily, only once the header matched,
 * so a forged delivery costs no body read (docs/contract.md §Header check).
 */
export interface Delivery<Context> {
  /** The delivery header's value; `null` or `undefined` when absent. */
  readonly header: string | null | undefined;
  /** The `content-type` header, if any. */
  readonly contentType: string | null | undefined;
  /**
   * The `content-encoding` header, if any. Optional for adapters written before it: a compressed
   * body is refused with 415, so an adapter should pass it.
   */
  readonly contentEncoding?: string | null | undefined;
  /** The `content-length` header, if any (a string as received, or a number). */
  readonly contentLength: string | number | null | undefined;
  /**
   * Reads the body, answering `too-large` past `limit` bytes; may reject if the client goes away.
   * A body already in memory (a body parser's result, a request already complete) is handed over
   * as it is, not in a promise: nothing is then timed or awaited before the handler.
   */
  readonly readBody: (limit: number) => BodyContent | Promise<BodyContent>;
  /**
   * Reads any request header by its lower-case name, for the delivery id headers
   * (`deliveryIdHeaders`). Absent: no header but the delivery header is read.
   */
  readonly getHeader?: ((name: string) => string | null | undefined) | undefined;
  /** The framework's request context, handed to handlers second. */
  readonly context: Context;
  /**
   * Keeps the runtime alive for work that outlasts the answer (a handler still running after a
   * `respondWithin` answer): a Worker's `ctx.waitUntil`. Absent where the process lives on anyway.
   */
  readonly waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
}

/** A body as read, once it is there: bytes, text, or a value a framework already parsed. */
export type ReadBody = Extract<BodyContent, { kind: 'bytes' | 'text' | 'parsed' }>;
