import { schemaStatements } from './schema.js';
import { storageOf, type CloudflareStoreOptions } from './storage.js';

/**
 * Creates the stores' tables and indexes when they are missing ({@link cloudflareSchema}'s
 * statements), in one transaction: for a deploy step or a test. The stores need no call of it: on
 * D1 a store whose tables are missing creates them at its first call and runs that call again, and
 * `SocialWebhooksState` creates them the first time a store names their prefix. Running it again
 * changes nothing. With `wrangler d1 migrations`, apply the shipped
 * `migrations/0001_social_webhooks.sql` instead.
 *
 * @param options `d1` or `durableObject` (and `name`), `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when neither binding is given, the binding is not of its kind, or `prefix` is not a plain lower-case name.
 * @example
 * await migrate({ d1: env.DB });
 */
export async function migrate(options: CloudflareStoreOptions): Promise<void> {
  const { runner, tables } = storageOf(options, 'migrate()');
  await runner.run(schemaStatements(tables).map((sql) => ({ sql, params: [] })));
}
