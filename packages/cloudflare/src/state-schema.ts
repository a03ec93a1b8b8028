import type { Tables } from './tables.js';

// The tables of the notification history, the delivery archive and the opens, added after the first release:
// migrations/0002_social_webhooks_history_archive_opens.sql ships them for `wrangler d1 migrations`, and
// migrate(), a D1 store's first call and SocialWebhooksState create them in a database made before.
/** The statements that create the history's, the archive's and the opens' tables and indexes, each `IF NOT EXISTS`. */
export function stateStatements(tables: Tables): string[] {
  const {
    prefix: p,
    history,
    historyCounts,
    historyTimeline,
    archive,
    archiveSize,
    archiveCheckpoints,
    opens,
    openClients,
    openFids,
  } = tables;
  return [
    // A notification by notificationId: what it said, when its first and last batches came, and
    // when it lapses (keepMs after its last batch).
    `CREATE TABLE IF NOT EXISTS ${history} (
  notification_id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  target_url TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${p}history_started_at_idx ON ${history} (started_at, notification_id)`,
    `CREATE INDEX IF NOT EXISTS ${p}history_expires_at_idx ON ${history} (expires_at)`,
    // Its counters: kind 'c' by outcome (name ''), 'k' by client and outcome (name the client), 'r'
    // the failed by reason (name the reason).
    `CREATE TABLE IF NOT EXISTS ${historyCounts} (
  notification_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  outcome TEXT NOT NULL,
  name TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (notification_id, kind, outcome, name)
)`,
    // A user's timeline: a row per notification sent to them, its attempts a JSON array (the last 20).
    `CREATE TABLE IF NOT EXISTS ${historyTimeline} (
  fid INTEGER NOT NULL,
  notification_id TEXT NOT NULL,
  title TEXT NOT NULL,
  first_at INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  attempts TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (fid, notification_id)
)`,
    `CREATE INDEX IF NOT EXISTS ${p}history_timeline_first_at_idx ON ${historyTimeline} (fid, first_at)`,
    `CREATE INDEX IF NOT EXISTS ${p}history_timeline_expires_at_idx ON ${historyTimeline} (expires_at)`,
    // An archived delivery: ids sort as deliveries arrived (core's newArchiveId), the body's bytes a BLOB.
    `CREATE TABLE IF NOT EXISTS ${archive} (
  id TEXT PRIMARY KEY,
  sender TEXT NOT NULL,
  event_name TEXT,
  code TEXT NOT NULL,
  status INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  delivery_key TEXT,
  headers TEXT NOT NULL,
  body BLOB NOT NULL,
  body_as_received INTEGER NOT NULL,
  event TEXT NOT NULL,
  replays INTEGER NOT NULL DEFAULT 0,
  last_replay TEXT,
  expires_at INTEGER NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${p}archive_expires_at_idx ON ${archive} (expires_at)`,
    // How many deliveries the archive holds, kept by each add and trim: maxDeliveries is then checked
    // without counting the table (D1 bills every row a count reads).
    `CREATE TABLE IF NOT EXISTS ${archiveSize} (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL DEFAULT 0
)`,
    `INSERT INTO ${archiveSize} (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
    `CREATE TABLE IF NOT EXISTS ${archiveCheckpoints} (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL
)`,
    // Opens of a notification: its counts, its counts per client, and who opened it (the FID, and
    // `<clientFid>:<fid>` per client), all lapsing retentionMs after its last open.
    `CREATE TABLE IF NOT EXISTS ${opens} (
  notification_id TEXT PRIMARY KEY,
  opens INTEGER NOT NULL,
  unique_opens INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${p}opens_expires_at_idx ON ${opens} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${openClients} (
  notification_id TEXT NOT NULL,
  client TEXT NOT NULL,
  opens INTEGER NOT NULL,
  unique_opens INTEGER NOT NULL,
  PRIMARY KEY (notification_id, client)
)`,
    `CREATE TABLE IF NOT EXISTS ${openFids} (
  notification_id TEXT NOT NULL,
  member TEXT NOT NULL,
  PRIMARY KEY (notification_id, member)
)`,
  ];
}
