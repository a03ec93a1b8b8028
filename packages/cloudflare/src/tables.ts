import { optionsError } from './errors.js';

/** The default prefix of every table's name. */
export const DEFAULT_TABLE_PREFIX = 'social_webhooks_';

/** The tables of one prefix, their names ready to put in SQL. */
export interface Tables {
  readonly prefix: string;
  readonly dedupe: string;
  readonly tokens: string;
  /** When each token was first saved: beside `tokens`, as SQLite adds no column `IF NOT EXISTS`. */
  readonly tokensEnabled: string;
  readonly notifyTokens: string;
  readonly notifySent: string;
  readonly appKeySigners: string;
  readonly appKeyBudget: string;
  readonly appKeyFetches: string;
  readonly broadcasts: string;
  readonly history: string;
  readonly historyCounts: string;
  readonly historyTimeline: string;
  readonly archive: string;
  readonly archiveSize: string;
  readonly archiveCheckpoints: string;
  readonly opens: string;
  readonly openClients: string;
  readonly openFids: string;
}

// An unquoted SQLite identifier: the names go into SQL as they are, so only these characters are
// taken. D1 reserves the `_cf_` prefix for its own tables.
const PREFIX = /^[a-z_][a-z0-9_]*$/;

/** The table names of `prefix` (default `social_webhooks_`), checked. */
export function tablesOf(option: unknown, factory: string): Tables {
  const prefix = option ?? DEFAULT_TABLE_PREFIX;
  if (typeof prefix !== 'string' || !PREFIX.test(prefix) || prefix.startsWith('_cf_') || prefix.startsWith('sqlite_')) {
    throw optionsError(
      `${factory}: \`prefix\` must be lower-case letters, digits and _, not starting with a digit, _cf_ or sqlite_ ` +
        `(e.g. "${DEFAULT_TABLE_PREFIX}"); got ${JSON.stringify(prefix)}.`,
    );
  }
  return {
    prefix,
    dedupe: `${prefix}dedupe`,
    tokens: `${prefix}tokens`,
    tokensEnabled: `${prefix}tokens_enabled`,
    notifyTokens: `${prefix}notify_tokens`,
    notifySent: `${prefix}notify_sent`,
    appKeySigners: `${prefix}app_key_signers`,
    appKeyBudget: `${prefix}app_key_budget`,
    appKeyFetches: `${prefix}app_key_fetches`,
    broadcasts: `${prefix}broadcasts`,
    history: `${prefix}history`,
    historyCounts: `${prefix}history_counts`,
    historyTimeline: `${prefix}history_timeline`,
    archive: `${prefix}archive`,
    archiveSize: `${prefix}archive_size`,
    archiveCheckpoints: `${prefix}archive_checkpoints`,
    opens: `${prefix}opens`,
    openClients: `${prefix}open_clients`,
    openFids: `${prefix}open_fids`,
  };
}
