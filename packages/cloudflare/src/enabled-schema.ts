import type { Tables } from './tables.js';

/**
 * The table of when each user's token from a client was first saved (migrations/0003_social_webhooks_tokens_enabled.sql):
 * a table of its own, not a column of tokens, so a database made before it gets it by this IF NOT
 * EXISTS (SQLite has no ADD COLUMN IF NOT EXISTS). A token with no row here (saved before) has no
 * enabledAt.
 */
export function enabledStatements({ tokensEnabled }: Tables): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${tokensEnabled} (
  fid INTEGER NOT NULL,
  app_fid INTEGER NOT NULL,
  token TEXT NOT NULL,
  enabled_at INTEGER NOT NULL,
  PRIMARY KEY (fid, app_fid)
)`,
  ];
}
