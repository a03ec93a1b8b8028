CREATE TABLE IF NOT EXISTS social_webhooks_tokens_enabled (
  fid INTEGER NOT NULL,
  app_fid INTEGER NOT NULL,
  token TEXT NOT NULL,
  enabled_at INTEGER NOT NULL,
  PRIMARY KEY (fid, app_fid)
);
