import { d1Runner, type D1Like } from './d1-runner.js';
import { durableObjectRunner, type DurableObjectNamespaceLike } from './durable-object-runner.js';
import { optionsError } from './errors.js';
import type { SqlRunner } from './sql-runner.js';
import { tablesOf, type Tables } from './tables.js';

/**
 * Where the stores keep their tables: a D1 database's binding (`{ d1: env.DB }`), or a Durable
 * Object namespace bound to the class `SocialWebhooksState` (`{ durableObject: env.STATE }`), with
 * the name of the object that holds them (default `social-webhooks`).
 */
export type CloudflareStorage =
  | { readonly d1: D1Like; readonly durableObject?: never; readonly name?: never }
  | { readonly durableObject: DurableObjectNamespaceLike; readonly name?: string; readonly d1?: never };

/** The options every store takes: the storage, and the tables' prefix. */
export type CloudflareStoreOptions = CloudflareStorage & {
  /** Put before every table's name: lower-case letters, digits and `_`. Default `social_webhooks_`. */
  readonly prefix?: string;
};

/** The default name of the Durable Object that holds the tables. */
export const DEFAULT_OBJECT_NAME = 'social-webhooks';

/** Checks the options once, at start-up, and answers the runner and the tables they name. */
export function storageOf(options: unknown, factory: string): { runner: SqlRunner; tables: Tables } {
  const call = `${factory.slice(0, -1)}{ d1: env.DB })`;
  if (typeof options !== 'object' || options === null) throw optionsError(`${factory} takes an options object: ${call}.`);
  const { d1, durableObject, name } = options as { d1?: unknown; durableObject?: unknown; name?: unknown };
  const tables = tablesOf((options as { prefix?: unknown }).prefix, factory);
  if (d1 !== undefined && durableObject !== undefined) {
    throw optionsError(`${factory}: pass either \`d1\` or \`durableObject\`, not both: the stores keep one copy of their tables.`);
  }
  if (d1 !== undefined) return { runner: d1Runner(d1, tables, factory), tables };
  if (durableObject !== undefined) {
    if (name !== undefined && (typeof name !== 'string' || name === '')) {
      throw optionsError(`${factory}: \`name\` must be a non-empty string, the Durable Object's name (default "${DEFAULT_OBJECT_NAME}").`);
    }
    return { runner: durableObjectRunner(durableObject, name ?? DEFAULT_OBJECT_NAME, tables, factory), tables };
  }
  throw optionsError(
    `${factory}: name the storage: ${call} for a D1 database bound as DB, or ` +
      '{ durableObject: env.STATE } for a Durable Object namespace bound to SocialWebhooksState (see the README for wrangler.toml).',
  );
}
