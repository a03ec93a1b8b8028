CREATE TABLE IF NOT EXISTS social_webhooks_history (
  notification_id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  target_url TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS social_webhooks_history_started_at_idx ON social_webhooks_history (started_at, notification_id);

CREATE INDEX IF NOT EXISTS social_webhooks_history_expires_at_idx ON social_webhooks_history (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_history_counts (
  notification_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  outcome TEXT NOT NULL,
  name TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (notification_id, kind, outcome, name)
);

CREATE TABLE IF NOT EXISTS social_webhooks_history_timeline (
  fid INTEGER NOT NULL,
  notification_id TEXT NOT NULL,
  title TEXT NOT NULL,
  first_at INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  attempts TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (fid, notification_id)
);

CREATE INDEX IF NOT EXISTS social_webhooks_history_timeline_first_at_idx ON social_webhooks_history_timeline (fid, first_at);

CREATE INDEX IF NOT EXISTS social_webhooks_history_timeline_expires_at_idx ON social_webhooks_history_timeline (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_archive (
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
);

CREATE INDEX IF NOT EXISTS social_webhooks_archive_expires_at_idx ON social_webhooks_archive (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_archive_size (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL DEFAULT 0
);

INSERT INTO social_webhooks_archive_size (id) VALUES (1) ON CONFLICT (id) DO NOTHING;

CREATE TABLE IF NOT EXISTS social_webhooks_archive_checkpoints (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS social_webhooks_opens (
  notification_id TEXT PRIMARY KEY,
  opens INTEGER NOT NULL,
  unique_opens INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS social_webhooks_opens_expires_at_idx ON social_webhooks_opens (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_open_clients (
  notification_id TEXT NOT NULL,
  client TEXT NOT NULL,
  opens INTEGER NOT NULL,
  unique_opens INTEGER NOT NULL,
  PRIMARY KEY (notification_id, client)
);

CREATE TABLE IF NOT EXISTS social_webhooks_open_fids (
  notification_id TEXT NOT NULL,
  member TEXT NOT NULL,
  PRIMARY KEY (notification_id, member)
);
