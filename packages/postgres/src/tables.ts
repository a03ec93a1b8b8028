import { optionsError } from './query.js';

/** The default prefix of every table's name. */
export const DEFAULT_TABLE_PREFIX = 'social_webhooks_';

/** The tables of one prefix, their names ready to put in SQL. */
export interface Tables {
  readonly dedupe: string;
  readonly tokens: string;
  readonly notifyTokens: string;
  readonly notifySent: string;
  readonly appKeySigners: string;
  readonly appKeyBudget: string;
  readonly appKeyFetches: string;
  readonly broadcasts: string;
  readonly history: string;
  readonly timelines: string;
  readonly archive: string;
  readonly archiveReplays: string;
  readonly opens: string;
  readonly openers: string;
  /** The prefix without its schema: indexes take the schema of their table. */
  readonly indexPrefix: string;
}

// An unquoted identifier, optionally after a schema name: the names go into SQL as they are, so
// only these characters are taken (PostgreSQL folds unquoted names to lower case).
const PREFIX = /^(?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*$/;
// PostgreSQL truncates a name past 63 bytes; the longest table and index names add this much.
const LONGEST_SUFFIX = 'app_key_signers_expires_at_idx'.length;

/** The table names of `prefix` (default `social_webhooks_`), checked. */
export function tablesOf(option: unknown, factory: string): Tables {
  const prefix = option ?? DEFAULT_TABLE_PREFIX;
  if (typeof prefix !== 'string' || !PREFIX.test(prefix)) {
    throw optionsError(
      `${factory}: \`prefix\` must be lower-case letters, digits and _, optionally after a schema name and a dot ` +
        `(e.g. "${DEFAULT_TABLE_PREFIX}" or "app.${DEFAULT_TABLE_PREFIX}"); got ${JSON.stringify(prefix)}.`,
    );
  }
  const name = prefix.slice(prefix.indexOf('.') + 1);
  if (name.length + LONGEST_SUFFIX > 63) {
    throw optionsError(
      `${factory}: \`prefix\` must be at most ${63 - LONGEST_SUFFIX} characters after the schema, so every table name fits PostgreSQL's 63.`,
    );
  }
  return {
    dedupe: `${prefix}dedupe`,
    tokens: `${prefix}tokens`,
    notifyTokens: `${prefix}notify_tokens`,
    notifySent: `${prefix}notify_sent`,
    appKeySigners: `${prefix}app_key_signers`,
    appKeyBudget: `${prefix}app_key_budget`,
    appKeyFetches: `${prefix}app_key_fetches`,
    broadcasts: `${prefix}broadcasts`,
    history: `${prefix}history`,
    timelines: `${prefix}timelines`,
    archive: `${prefix}archive`,
    archiveReplays: `${prefix}archive_replays`,
    opens: `${prefix}opens`,
    openers: `${prefix}openers`,
    indexPrefix: name,
  };
}
