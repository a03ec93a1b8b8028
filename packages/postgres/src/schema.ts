import { checkClient, run, type PostgresQueryable } from './query.js';
import { archiveStatements, historyStatements, openStatements } from './history-schema.js';
import { tablesOf, type Tables } from './tables.js';

/** Options of {@link postgresSchema} and {@link migrate}. */
export interface PostgresSchemaOptions {
  /** Put before every table's name: lower-case letters, digits and `_`, optionally after `schema.`. Default `social_webhooks_`. */
  readonly prefix?: string;
}

// Every time is the server's (timestamptz), so instances whose clocks drift agree; each row that
// lapses carries its `expires_at`, checked by the statements themselves (no cron), and cleanup()
// deletes those past it.
function statements(tables: Tables): string[] {
  return [...storeStatements(tables), ...historyStatements(tables), ...archiveStatements(tables), ...openStatements(tables)];
}

function storeStatements(tables: Tables): string[] {
  const { dedupe, tokens, notifyTokens, notifySent, appKeySigners, appKeyBudget, appKeyFetches, broadcasts, indexPrefix: i } = tables;
  return [
    `CREATE TABLE IF NOT EXISTS ${dedupe} (
  key text PRIMARY KEY,
  token text NOT NULL,
  done boolean NOT NULL DEFAULT false,
  expires_at timestamptz NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${i}dedupe_expires_at_idx ON ${dedupe} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${tokens} (
  fid bigint NOT NULL,
  app_fid bigint NOT NULL,
  url text NOT NULL,
  token text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  enabled_at bigint,
  PRIMARY KEY (fid, app_fid)
)`,
    // When each token was first saved (ms since the epoch), added to a table made before it kept
    // one: its rows stay NULL, read as a target with no enabledAt. Looked up first rather than ADD
    // COLUMN IF NOT EXISTS, whose NOTICE on every run a driver such as postgres.js prints.
    `DO $enabled_at$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('${tokens}') AND attname = 'enabled_at' AND NOT attisdropped) THEN
    ALTER TABLE ${tokens} ADD COLUMN enabled_at bigint;
  END IF;
END $enabled_at$`,
    `CREATE TABLE IF NOT EXISTS ${notifyTokens} (
  token text PRIMARY KEY,
  notification_id text NOT NULL,
  sent_at timestamptz NOT NULL,
  day_start timestamptz NOT NULL,
  day_count integer NOT NULL,
  expires_at timestamptz NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${i}notify_tokens_expires_at_idx ON ${notifyTokens} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${notifySent} (
  notification_id text NOT NULL,
  fid bigint NOT NULL,
  app_fid bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (notification_id, fid, app_fid)
)`,
    `CREATE INDEX IF NOT EXISTS ${i}notify_sent_expires_at_idx ON ${notifySent} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${appKeySigners} (
  fid bigint PRIMARY KEY,
  list jsonb NOT NULL,
  expires_at timestamptz NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${i}app_key_signers_expires_at_idx ON ${appKeySigners} (expires_at)`,
    // The lookup budget is one row, so taking a call is one locked update of it. Times in ms since the epoch.
    `CREATE TABLE IF NOT EXISTS ${appKeyBudget} (
  id smallint PRIMARY KEY CHECK (id = 1),
  tokens double precision,
  filled_at double precision,
  paused_until double precision NOT NULL DEFAULT 0,
  calls jsonb NOT NULL DEFAULT '{}'
)`,
    `INSERT INTO ${appKeyBudget} (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
    `CREATE TABLE IF NOT EXISTS ${appKeyFetches} (
  fid bigint PRIMARY KEY,
  token text NOT NULL,
  expires_at timestamptz NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${i}app_key_fetches_expires_at_idx ON ${appKeyFetches} (expires_at)`,
    // A resumable broadcast: its plan and state as JSON, the lease of the run working it. created_at
    // is start()'s clock (ms since the epoch), for the order of the unfinished ones.
    `CREATE TABLE IF NOT EXISTS ${broadcasts} (
  id text PRIMARY KEY,
  created_at bigint NOT NULL,
  plan jsonb NOT NULL,
  state jsonb NOT NULL,
  done boolean NOT NULL DEFAULT false,
  owner text,
  lease_until timestamptz,
  expires_at timestamptz NOT NULL
)`,
    // cancel(): its flag (ms since the epoch, the server's clock) and the batches live right now, each
    // with when its mark runs out; added to a table made before they were.
    `ALTER TABLE ${broadcasts} ADD COLUMN IF NOT EXISTS cancelled_at bigint`,
    `ALTER TABLE ${broadcasts} ADD COLUMN IF NOT EXISTS live jsonb NOT NULL DEFAULT '{}'::jsonb`,
    `CREATE INDEX IF NOT EXISTS ${i}broadcasts_unfinished_idx ON ${broadcasts} (created_at) WHERE NOT done`,
    `CREATE INDEX IF NOT EXISTS ${i}broadcasts_expires_at_idx ON ${broadcasts} (expires_at)`,
  ];
}

/**
 * The SQL that creates the stores' tables and indexes, each statement ending in `;`: for your own
 * migration tool (paste it into a migration file), or run it with {@link migrate}. Every statement
 * is `IF NOT EXISTS`, so running it again changes nothing.
 *
 * @param options `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when `prefix` is not a plain lower-case name.
 * @example
 * import { writeFileSync } from 'node:fs';
 * writeFileSync('migrations/001_social_webhooks.sql', postgresSchema());
 */
export function postgresSchema(options: PostgresSchemaOptions = {}): string {
  return statements(tablesOf(options.prefix, 'postgresSchema()'))
    .map((statement) => `${statement};\n`)
    .join('\n');
}

/**
 * Creates the stores' tables and indexes when they are missing ({@link postgresSchema}'s
 * statements), in one statement: a `DO` block that first takes a transaction-scoped advisory lock,
 * so instances that each migrate as they start do it one after the other (two `CREATE TABLE IF NOT
 * EXISTS` at once can otherwise fail on PostgreSQL's catalog), over a pool or an HTTP driver alike.
 * Run it when you deploy, or as each instance starts; running it again changes nothing.
 *
 * @param options `client` (required: a `pg` Pool or Client, `fromPostgresJs(sql)`, or any
 *   {@link PostgresQueryable}), `prefix` (default `social_webhooks_`).
 * @throws {WebhookError} `invalid_options` when `client` has no `query` method or `prefix` is not a plain lower-case name.
 * @example
 * await migrate({ client: pool });
 */
export async function migrate(options: PostgresSchemaOptions & { readonly client: PostgresQueryable }): Promise<void> {
  const client = checkClient(options?.client, 'migrate()');
  const body = statements(tablesOf(options.prefix, 'migrate()'))
    .map((statement) => `  EXECUTE $statement$${statement}$statement$;`)
    .join('\n');
  await run(client, `DO $migrate$\nBEGIN\n  PERFORM pg_advisory_xact_lock(${MIGRATE_LOCK});\n${body}\nEND\n$migrate$`, []);
}

/** The advisory lock every migrate() takes, whatever its prefix: a constant of this package. */
const MIGRATE_LOCK = "hashtext('@social-webhooks/postgres migrate')";
