import type { Tables } from './tables.js';

// The tables of the notification history, the delivery archive and the opens: added after the stores' own,
// so an app that migrated before runs these statements alone (each `IF NOT EXISTS`). Ids that pages
// and cursors compare are `COLLATE "C"`: byte order, as the Redis stores and core's ids sort,
// whatever the database's collation.

/** The history: a row per notification, a row per (user, notification) of the users' timelines. */
export function historyStatements(tables: Tables): string[] {
  const { history, timelines, indexPrefix: i } = tables;
  return [
    // counts holds the counters as the Redis hash's fields: `c|<outcome>`, `k|<outcome>|<client>`,
    // `r|<reason>`; each batch's upsert adds its own to them. Times in ms since the epoch (the sender's).
    `CREATE TABLE IF NOT EXISTS ${history} (
  notification_id text COLLATE "C" PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  target_url text NOT NULL,
  started_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  counts jsonb NOT NULL,
  expires_at timestamptz NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${i}history_started_at_idx ON ${history} (started_at, notification_id)`,
    `CREATE INDEX IF NOT EXISTS ${i}history_expires_at_idx ON ${history} (expires_at)`,
    // attempts: the last 20 attempts at the user's tokens, oldest first, as JSON.
    `CREATE TABLE IF NOT EXISTS ${timelines} (
  fid bigint NOT NULL,
  notification_id text COLLATE "C" NOT NULL,
  title text NOT NULL,
  first_at bigint NOT NULL,
  last_at bigint NOT NULL,
  attempts jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (fid, notification_id)
)`,
    `CREATE INDEX IF NOT EXISTS ${i}timelines_expires_at_idx ON ${timelines} (expires_at)`,
  ];
}

/** The archive: a row per verified delivery (its body's bytes in `bytea`), and the replays' checkpoints. */
export function archiveStatements(tables: Tables): string[] {
  const { archive, archiveReplays, indexPrefix: i } = tables;
  return [
    // seq counts the rows added: maxDeliveries keeps those of the last maxDeliveries numbers.
    // event and headers are `json`, kept as their text was.
    `CREATE TABLE IF NOT EXISTS ${archive} (
  id text COLLATE "C" PRIMARY KEY,
  seq bigserial NOT NULL,
  sender text NOT NULL,
  event_name text NOT NULL,
  code text NOT NULL,
  status integer NOT NULL,
  received_at bigint NOT NULL,
  delivery_key text,
  headers json NOT NULL,
  body bytea NOT NULL,
  body_as_received boolean NOT NULL,
  event json NOT NULL,
  replays integer NOT NULL DEFAULT 0,
  last_replay json,
  expires_at timestamptz NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${i}archive_seq_idx ON ${archive} (seq)`,
    `CREATE INDEX IF NOT EXISTS ${i}archive_expires_at_idx ON ${archive} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${archiveReplays} (
  name text PRIMARY KEY,
  checkpoint json NOT NULL,
  expires_at timestamptz NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${i}archive_replays_expires_at_idx ON ${archiveReplays} (expires_at)`,
  ];
}

/** The opens: a row per notification (its life: `generation`, and when it lapses), a row per opener and client. */
export function openStatements(tables: Tables): string[] {
  const { opens, openers, indexPrefix: i } = tables;
  return [
    // generation: when the notification's counts began (the server's ms); an open after they lapsed
    // begins another, and the openers of an older one no longer count.
    `CREATE TABLE IF NOT EXISTS ${opens} (
  notification_id text PRIMARY KEY,
  generation bigint NOT NULL,
  expires_at timestamptz NOT NULL
)`,
    `CREATE INDEX IF NOT EXISTS ${i}opens_expires_at_idx ON ${opens} (expires_at)`,
    // client_fid 0: an open whose page named no client (in the totals only); -1: the FID's marker, one per opener.
    `CREATE TABLE IF NOT EXISTS ${openers} (
  notification_id text NOT NULL,
  generation bigint NOT NULL,
  fid bigint NOT NULL,
  client_fid bigint NOT NULL,
  opens integer NOT NULL,
  PRIMARY KEY (notification_id, generation, fid, client_fid)
)`,
  ];
}
