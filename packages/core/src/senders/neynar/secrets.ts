import { WebhookError } from '../../errors.js';

/**
 * One of a Neynar webhook's secrets. Neynar's own model (`webhook.secrets[i]` from the SDK, with
 * `uid` and `expires_at`) is accepted as it is, so the list a management call returned can be
 * passed straight through.
 */
export interface NeynarSecret {
  /** The secret's value, as Neynar shows it (`webhook.secrets[i].value`). */
  readonly value: string;
  /**
   * When the secret stops being valid: a `Date`, an ISO 8601 string or milliseconds since the
   * epoch. `null` or absent: it does not expire. A delivery signed with it after then is refused
   * 401 `secret_expired`.
   */
  readonly expiresAt?: Date | string | number | null | undefined;
  /** Neynar's spelling of `expiresAt` (its `WebhookSecret` model), read when `expiresAt` is absent. */
  readonly expires_at?: string | null | undefined;
  /** A name for the secret in log lines (Neynar's `uid`); never its value. Default: its position in the list. */
  readonly uid?: string | undefined;
}

/**
 * The `secrets` of `neynarSender()`: one secret, or several while a rotation is under way. A string
 * that starts with `[` is a JSON array of them, the form an environment variable gives a rotation:
 * `NEYNAR_WEBHOOK_SECRET='["new-secret","old-secret"]'`, or Neynar's `webhook.secrets` as JSON,
 * `expires_at` included.
 */
export type NeynarSecretsOption = string | NeynarSecret | readonly (string | NeynarSecret)[];

/**
 * `secrets` given as a function: called for every delivery, sync or async, so a rotation (a new
 * secret beside the old one until it expires) takes effect without a redeploy. Return a list the
 * function keeps at hand (a variable your rotation updates); a secrets manager read belongs behind
 * a cache of your own.
 */
export type NeynarSecretsSource = () => NeynarSecretsOption | undefined | PromiseLike<NeynarSecretsOption | undefined>;

/** A secret checked and prepared: its value, a label for logs, and when it expires (ms; Infinity for never). */
export interface PreparedSecret {
  readonly value: string;
  readonly label: string;
  readonly expiresAtMs: number;
}

/**
 * Turns the `secrets` option into prepared secrets, refusing any that could never verify a
 * delivery. Throws `invalid_options` with a message that says what to pass, never a secret's value.
 */
export function toNeynarSecrets(option: NeynarSecretsOption | undefined, source: string): PreparedSecret[] {
  const fail = (problem: string): never => {
    throw new WebhookError('invalid_options', `${source}: neynarSender's \`secrets\` ${problem}`);
  };
  if (option === undefined || option === null) {
    fail(
      "is missing. Pass the webhook's secret, e.g. neynarSender({ secrets: () => process.env.NEYNAR_WEBHOOK_SECRET }) " +
        '(read on each delivery, so `next build` without it works), and check that the variable is set.',
    );
  }
  const list: readonly unknown[] = Array.isArray(option) ? option : typeof option === 'string' ? fromString(option, fail) : [option];
  if (list.length === 0) fail("is an empty list. Pass at least one of the webhook's secrets.");
  return list.map((entry, index) => prepare(entry, index, fail));
}

/**
 * One secret, or a rotation's list as a JSON array (`'["new","old"]'`, or `webhook.secrets` as
 * JSON). JSON rather than a separator: nothing promises a secret has no comma, space or colon, and
 * an array says where each secret ends; a secret that itself starts with `[` is given in a list.
 */
// Never the parser's message: it quotes the text, which holds the secrets.
const NOT_AN_ARRAY =
  'starts with [ but is not a JSON array: give a rotation as \'["new","old"]\', and a secret that starts with [ as secrets: [value].';

function fromString(option: string, fail: (problem: string) => never): readonly unknown[] {
  if (!option.startsWith('[')) return [option];
  let parsed: unknown;
  try {
    parsed = JSON.parse(option);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) return fail(NOT_AN_ARRAY);
  return parsed;
}

function prepare(entry: unknown, index: number, fail: (problem: string) => never): PreparedSecret {
  const where = `secrets[${index}]`;
  const secret: Partial<NeynarSecret> = typeof entry === 'string' ? { value: entry } : ((entry ?? {}) as Partial<NeynarSecret>);
  if (typeof entry !== 'string' && (typeof entry !== 'object' || entry === null)) {
    fail(`must hold strings or { value, expiresAt } objects, but ${where} is ${entry === null ? 'null' : typeof entry}.`);
  }
  const { value } = secret;
  if (typeof value !== 'string') return fail(`has no string \`value\` at ${where}.`);
  if (value.trim() === '') return fail(`is empty at ${where}. An empty secret would let anyone sign; pass the webhook's secret.`);
  if (value.trim() !== value) {
    return fail(
      `has leading or trailing whitespace at ${where}, which Neynar's secret does not. Trim it (a trailing newline from a secrets file is the usual cause).`,
    );
  }
  const label = typeof secret.uid === 'string' && secret.uid !== '' ? `uid ${secret.uid}` : `#${index}`;
  return { value, label, expiresAtMs: toExpiry(secret.expiresAt ?? secret.expires_at, where, fail) };
}

function toExpiry(expiresAt: unknown, where: string, fail: (problem: string) => never): number {
  if (expiresAt === undefined || expiresAt === null) return Number.POSITIVE_INFINITY;
  const ms =
    expiresAt instanceof Date
      ? expiresAt.getTime()
      : typeof expiresAt === 'string' || typeof expiresAt === 'number'
        ? new Date(expiresAt).getTime()
        : NaN;
  if (Number.isNaN(ms))
    fail(`has an expiresAt at ${where} that is not a date: pass a Date, an ISO 8601 string or milliseconds since the epoch.`);
  return ms;
}
