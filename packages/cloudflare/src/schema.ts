import { enabledStatements } from './enabled-schema.js';
import { stateStatements } from './state-schema.js';
import { tablesOf, type Tables } from './tables.js';

/** Options of {@link cloudflareSchema}. */
export interface CloudflareSchemaOptions {
  /** Put before every table's name: lower-case letters, digits and `_`. Default `social_webhooks_`. */
  readonly prefix?: string;
}

// SQLite, as D1 and a Durable Object's storage run it. Every time is an INTEGER of milliseconds
// since the epoch from the database's own clock (one clock for every Worker instance); each row
// that lapses carries its `expires_at`, which the statements check themselves (no cron), and
// cleanup() deletes those past it.
/** The statements that create the stores' tables and indexes, each `IF NOT EXISTS`: the first tables, then the history's and the archive's. */
export function schemaStatements(tables: Tables): string[] {
  return [...baseStatements(tables), ...stateStatements(tables), ...enabledStatements(tables)];
}

/** The first release's tables (migrations/0001_social_webhooks.sql). */
export function baseStatements(tables: Tables): string[] {
  const { prefix: p, dedupe, tokens, notifyTokens, notifySent, appKeySigners, appKeyBudget, appKeyFetches, broadcasts } = tables;
  return [
    `CREATE TABLE IF NOT EXISTS ${dedupe} (
  key TEXT PRIMARY KEY,
  token TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${p}dedupe_expires_at_idx ON ${dedupe} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${tokens} (
  fid INTEGER NOT NULL,
  app_fid INTEGER NOT NULL,
  url TEXT NOT NULL,
  token TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (fid, app_fid)
)`,
    `CREATE TABLE IF NOT EXISTS ${notifyTokens} (
  token TEXT PRIMARY KEY,
  notification_id TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  day_start INTEGER NOT NULL,
  day_count INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  claim_id TEXT
)`,
    `CREATE INDEX IF NOT EXISTS ${p}notify_tokens_expires_at_idx ON ${notifyTokens} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${notifySent} (
  notification_id TEXT NOT NULL,
  fid INTEGER NOT NULL,
  app_fid INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (notification_id, fid, app_fid)
)`,
    `CREATE INDEX IF NOT EXISTS ${p}notify_sent_expires_at_idx ON ${notifySent} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${appKeySigners} (
  fid INTEGER PRIMARY KEY,
  list TEXT NOT NULL,
  expires_at INTEGER NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${p}app_key_signers_expires_at_idx ON ${appKeySigners} (expires_at)`,
    // The lookup budget is one row, so taking a call is one UPDATE of it: the token bucket, the
    // pause, and the calls in flight as a JSON object of token to when its lease ends (ms).
    `CREATE TABLE IF NOT EXISTS ${appKeyBudget} (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  tokens REAL,
  filled_at INTEGER,
  paused_until INTEGER NOT NULL DEFAULT 0,
  calls TEXT NOT NULL DEFAULT '{}'
)`,
    `INSERT INTO ${appKeyBudget} (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
    `CREATE TABLE IF NOT EXISTS ${appKeyFetches} (
  fid INTEGER PRIMARY KEY,
  token TEXT NOT NULL,
  expires_at INTEGER NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${p}app_key_fetches_expires_at_idx ON ${appKeyFetches} (expires_at)`,
    // A resumable broadcast: the record as JSON (its plan, and its state replaced by each save), and
    // the lease of the run that works it.
    `CREATE TABLE IF NOT EXISTS ${broadcasts} (
  id TEXT PRIMARY KEY,
  record TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  done INTEGER NOT NULL,
  owner TEXT,
  lease_until INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${p}broadcasts_unfinished_idx ON ${broadcasts} (done, created_at)`,
  ];
}

/**
 * The SQL that creates the stores' tables and indexes in D1, each statement ending in `;`: the
 * migration for `wrangler d1 migrations` (the package ships it for the default prefix in two files:
 * `migrations/0001_social_webhooks.sql`, the first tables, and
 * `migrations/0002_social_webhooks_history_archive_opens.sql`, the notification history's and the delivery
 * archive's, and `migrations/0003_social_webhooks_tokens_enabled.sql`, when each token was enabled: a
 * database migrated before needs the later ones), or run it with `migrate()`.
 * Every statement is `IF NOT EXISTS`, so running it again changes nothing. A Durable Object store
 * needs none of this: `SocialWebhooksState` creates its tables itself.
 *
 * @param options `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when `prefix` is not a plain lower-case name.
 * @example
 * // node -e "import('@social-webhooks/cloudflare').then((m) => process.stdout.write(m.cloudflareSchema()))" > migrations/0001_social_webhooks.sql
 * const sql = cloudflareSchema({ prefix: 'app_' });
 */
export function cloudflareSchema(options: CloudflareSchemaOptions = {}): string {
  return schemaStatements(tablesOf(options.prefix, 'cloudflareSchema()'))
    .map((statement) => `${statement};\n`)
    .join('\n');
}
