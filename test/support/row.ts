import type { DeliveryReport, EventMap, LogFields, PipelineOptions } from '@social-webhooks/core';
import type { TestRequest } from './test-request.js';

// What every sender's conformance rows share: the request, what it should get, and the pipeline
// options a row turns on. Loaded by every runtime's conformance server too: Web APIs only.

/** The body limit every row's receiver is built with. */
export const LIMIT = 4096;

/** How long a `slow` handler takes: far past the `respondWithin` of its rows. */
export const SLOW_MS = 300;

/** What the receiver's hooks saw during one request. */
export interface Calls {
  /** `createdAt` only when the event carried one (Neynar's). */
  handled: { eventName: string; data: unknown; hasContext: boolean; createdAt?: unknown }[];
  unknown: { eventName: string; data: unknown }[];
  errors: { error: unknown; eventName: string }[];
  /** What the `logger` option got. */
  logs: { level: string; message: string; fields: LogFields }[];
  /** What the `onResult` hook got. */
  results: DeliveryReport[];
}

export function emptyCalls(): Calls {
  return { handled: [], unknown: [], errors: [], logs: [], results: [] };
}

/** Empties `calls` in place (the hooks hold on to it). */
export function resetCalls(calls: Calls): void {
  for (const list of Object.values(calls) as unknown[][]) list.length = 0;
}

export interface Expectation {
  readonly status: number;
  /** The error code of a non-2xx answer, or the JSON string body of a 200. */
  readonly code?: string;
  readonly body?: string;
  /** The event names handled, in order (default: none). */
  readonly handled?: readonly string[];
  /** The data the handler got, when it matters. */
  readonly data?: unknown;
  /** The event's `createdAt`, when the sender hands one on. */
  readonly createdAt?: number;
  readonly unknown?: readonly string[];
  readonly errors?: number;
}

/**
 * A body parser mounted before the receiver: `json` keeps the parsed value only (express.json(),
 * Nest's default), `json+bytes` keeps the original bytes too (NestJS `rawBody: true`), `raw` a
 * Buffer, `text` a string.
 */
export type ParserKind = 'json' | 'json+bytes' | 'raw' | 'text';

/** A row's request, what it gets, and the pipeline options it turns on; each sender adds its credentials. */
export interface BaseRow {
  readonly name: string;
  readonly request: TestRequest;
  readonly expect: Expectation;
  /**
   * Which handlers exist: `all` (default), `none`, `throwing`, `rejecting`, `slow` (settles after
   * SLOW_MS), plus an unknown-event hook or not.
   */
  readonly handlers?: 'all' | 'none' | 'throwing' | 'rejecting' | 'slow' | 'never-settling' | 'throwing-then' | 'revoked-proxy';
  /** Turn on `dedupe` with the in-memory store. */
  readonly dedupe?: boolean;
  /** The `respondWithin` option. */
  readonly respondWithin?: number;
  /** The `handlerTimeoutMs` option. */
  readonly handlerTimeoutMs?: number;
  /** The `bodyTimeoutMs` option. */
  readonly bodyTimeoutMs?: number;
  /**
   * A body parser run before the receiver reads the body itself, with no deadline of its own: with
   * one, the row's request would wait for the server's own time-out, so it is not sent.
   */
  readonly notAfterAParser?: boolean;
  /** The same request sent again once the first was answered, and what that one gets. */
  readonly again?: Expectation;
  readonly withUnknownHook?: boolean;
  /** An upstream JSON or text parser answers or reshapes this body itself; only the status is compared. */
  readonly upstreamMayAnswer?: readonly ParserKind[];
  /**
   * What happens instead when a body parser runs first and decides (see the README's Express
   * notes). An expectation without a `code` and not 200 is the parser's own answer: only its status
   * is compared.
   */
  readonly whenParsedFirst?: { readonly [Kind in ParserKind]?: Expectation };
}

/**
 * The pipeline options of a row (everything but the sender), with hooks that record into `calls`
 * and a handler for each of `eventNames`.
 */
export function pipelineOptionsFor(row: BaseRow, calls: Calls, eventNames: readonly string[]): PipelineOptions<unknown, EventMap> {
  const record = (event: { eventName: string; data: unknown; createdAt?: unknown }, context: unknown) => {
    calls.handled.push({
      eventName: event.eventName,
      data: event.data,
      hasContext: context !== undefined && context !== null,
      ...(event.createdAt !== undefined && { createdAt: event.createdAt }),
    });
    if (row.handlers === 'throwing') throw new Error('handler secret detail: db password hunter2');
    if (row.handlers === 'rejecting') return Promise.reject(new Error('handler secret detail: db password hunter2'));
    if (row.handlers === 'slow') return new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    if (row.handlers === 'never-settling') return new Promise(() => undefined);
    if (row.handlers === 'throwing-then') {
      return {
        get then() {
          throw new Error('handler secret detail: db password hunter2');
        },
      };
    }
    if (row.handlers === 'revoked-proxy') {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    return undefined;
  };
  const log = (level: string) => (message: string, fields: LogFields) => void calls.logs.push({ level, message, fields });
  const on = row.handlers === 'none' ? {} : Object.fromEntries(eventNames.map((name) => [name, record]));
  return {
    on,
    maxBodyBytes: LIMIT,
    ...(row.withUnknownHook && { onUnknownEvent: (event) => void calls.unknown.push({ eventName: event.eventName, data: event.data }) }),
    onError: (error, event) => void calls.errors.push({ error, eventName: event.eventName }),
    ...(row.dedupe && { dedupe: true }),
    ...(row.respondWithin !== undefined && { respondWithin: row.respondWithin }),
    ...(row.handlerTimeoutMs !== undefined && { handlerTimeoutMs: row.handlerTimeoutMs }),
    ...(row.bodyTimeoutMs !== undefined && { bodyTimeoutMs: row.bodyTimeoutMs }),
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    onResult: (report) => void calls.results.push(report),
  };
}
