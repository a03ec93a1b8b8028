CREATE TABLE IF NOT EXISTS social_webhooks_dedupe (
  key TEXT PRIMARY KEY,
  token TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS social_webhooks_dedupe_expires_at_idx ON social_webhooks_dedupe (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_tokens (
  fid INTEGER NOT NULL,
  app_fid INTEGER NOT NULL,
  url TEXT NOT NULL,
  token TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (fid, app_fid)
);

CREATE TABLE IF NOT EXISTS social_webhooks_tokens_enabled (
  fid INTEGER NOT NULL,
  app_fid INTEGER NOT NULL,
  token TEXT NOT NULL,
  enabled_at INTEGER NOT NULL,
  PRIMARY KEY (fid, app_fid)
);

CREATE TABLE IF NOT EXISTS social_webhooks_notify_tokens (
  token TEXT PRIMARY KEY,
  notification_id TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  day_start INTEGER NOT NULL,
  day_count INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  claim_id TEXT
);

CREATE INDEX IF NOT EXISTS social_webhooks_notify_tokens_expires_at_idx ON social_webhooks_notify_tokens (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_notify_sent (
  notification_id TEXT NOT NULL,
  fid INTEGER NOT NULL,
  app_fid INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (notification_id, fid, app_fid)
);

CREATE INDEX IF NOT EXISTS social_webhooks_notify_sent_expires_at_idx ON social_webhooks_notify_sent (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_app_key_signers (
  fid INTEGER PRIMARY KEY,
  list TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS social_webhooks_app_key_signers_expires_at_idx ON social_webhooks_app_key_signers (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_app_key_budget (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  tokens REAL,
  filled_at INTEGER,
  paused_until INTEGER NOT NULL DEFAULT 0,
  calls TEXT NOT NULL DEFAULT '{}'
);

INSERT INTO social_webhooks_app_key_budget (id) VALUES (1) ON CONFLICT (id) DO NOTHING;

CREATE TABLE IF NOT EXISTS social_webhooks_app_key_fetches (
  fid INTEGER PRIMARY KEY,
  token TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS social_webhooks_app_key_fetches_expires_at_idx ON social_webhooks_app_key_fetches (expires_at);

CREATE TABLE IF NOT EXISTS social_webhooks_broadcasts (
  id TEXT PRIMARY KEY,
  record TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  done INTEGER NOT NULL,
  owner TEXT,
  lease_until INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS social_webhooks_broadcasts_unfinished_idx ON social_webhooks_broadcasts (done, created_at);
