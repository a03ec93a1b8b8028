import { blobToJson } from './blob.js';
import { optionsError } from './errors.js';
import type { Row, SqlRunner } from './sql-runner.js';
import type { Tables } from './tables.js';

/** What the stores read of a stub's answer: any `Response` (the DOM's, or workers-types') fits. */
export interface StubResponseLike {
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}

/** The part of a Durable Object stub the stores call: `fetch`. */
export interface DurableObjectStubLike {
  fetch(input: string, init: { method: string; body: string; headers: Record<string, string> }): Promise<StubResponseLike>;
}

/**
 * The part of a Durable Object namespace's binding (`env.STATE`, bound to `SocialWebhooksState`)
 * the stores call: `idFromName` and `get`.
 */
export interface DurableObjectNamespaceLike<Id = unknown> {
  idFromName(name: string): Id;
  get(id: Id): DurableObjectStubLike;
}

/** The address of the object's one route; the host is never resolved (a stub's fetch goes to the object). */
export const STATE_URL = 'https://social-webhooks.state/run';

/**
 * Checks `namespace` and answers a runner: each call is one request to the object named `name`,
 * which runs its statements in one synchronous transaction (and creates the tables of the prefix
 * the first time it sees it).
 */
export function durableObjectRunner(namespace: unknown, name: string, tables: Tables, factory: string): SqlRunner {
  const binding = namespace as Partial<DurableObjectNamespaceLike> | null;
  if (typeof binding?.idFromName !== 'function' || typeof binding.get !== 'function') {
    const hint =
      typeof (namespace as { prepare?: unknown } | null)?.prepare === 'function'
        ? ' This is a D1 database: pass it as { d1: env.DB }.'
        : '';
    throw optionsError(
      `${factory}: \`durableObject\` must be a Durable Object namespace's binding (env.STATE, with idFromName() and get()), ` +
        `bound to the class SocialWebhooksState that your Worker exports (see the README for wrangler.toml).${hint}`,
    );
  }
  const ns = binding as DurableObjectNamespaceLike;
  const headers = { 'content-type': 'application/json' };
  return {
    async run(statements) {
      // A stub per call: stubs cost nothing (no I/O) and one is never carried from a request to another.
      const stub = ns.get(ns.idFromName(name));
      const response = await stub.fetch(STATE_URL, {
        method: 'POST',
        headers,
        body: JSON.stringify({ prefix: tables.prefix, statements }, blobToJson),
      });
      const reply = (await response.json().catch(() => undefined)) as { results?: Row[][]; error?: string } | undefined;
      if (response.ok && Array.isArray(reply?.results) && reply.results.length === statements.length) return reply.results;
      throw new Error(
        `@social-webhooks/cloudflare: the Durable Object answered ${response.status}` +
          (typeof reply?.error === 'string' ? `: ${reply.error}` : ' without results; is the namespace bound to SocialWebhooksState?'),
      );
    },
  };
}
