import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import {
  cleanup,
  migrate,
  postgresAppKeyStore,
  postgresDeliveryArchive,
  postgresNotificationHistory,
  postgresNotificationLimiter,
  postgresOpenStore,
  postgresSchema,
  postgresStore,
  postgresTokenStore,
  type PostgresQueryable,
} from '@social-webhooks/postgres';

const client: PostgresQueryable = { query: async () => ({ rows: [] }) };
const factories = {
  postgresStore,
  postgresTokenStore,
  postgresNotificationLimiter,
  postgresAppKeyStore,
  postgresNotificationHistory,
  postgresDeliveryArchive,
  postgresOpenStore,
} as const;

// What every factory refuses at start-up, before any statement, and the fix each message names.
describe('the Postgres stores refuse a mistake at start-up, with the fix', () => {
  describe.each(Object.entries(factories))('%s', (name, factory) => {
    const make = factory as (options: unknown) => unknown;
    it.each([
      ['no options', undefined, new RegExp(`${name}\\(\\) takes an options object`)],
      ['a client without query', { client: {} }, /`client` must have a query\(text, values\) method answering \{ rows \}/],
      // A postgres.js sql function has no query(); its unsafe() is what the adapter calls.
      [
        'postgres.js sql passed as it is',
        { client: postgres({ max: 1 }) },
        /looks like postgres\.js's sql function.*fromPostgresJs\(sql\)/,
      ],
      // Neon's neon() is a function with `query` (rows alone) and `unsafe`: its shape, as the driver is not installed here.
      [
        'neon() passed as it is',
        { client: Object.assign(() => undefined, { query: () => undefined, unsafe: () => undefined }) },
        /looks like Neon's neon\(\) function.*fullResults: true/,
      ],
      ['a prefix with a quote', { client, prefix: 'x"; DROP TABLE users; --' }, /`prefix` must be lower-case letters, digits and _/],
      ['an upper-case prefix', { client, prefix: 'Social_' }, /`prefix` must be lower-case letters/],
      ['a prefix too long for a table name', { client, prefix: 'x'.repeat(40) }, /`prefix` must be at most 33 characters/],
    ])('refuses %s', (_case, options, message) => {
      expect(() => make(options)).toThrow(expect.objectContaining({ code: 'invalid_options', message: expect.stringMatching(message) }));
    });
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => postgresNotificationLimiter({ client, perDay: 0 })).toThrow(
      /^@social-webhooks\/postgres: postgresNotificationLimiter\(\): `perDay` must be a positive integer/,
    );
  });

  it('says what to do when a client answers rows without { rows }, as neon() does by default', async () => {
    const neonLike = { query: async () => [] } as unknown as PostgresQueryable;
    await expect(postgresStore({ client: neonLike }).claim('k', 't', 1000)).rejects.toThrow(/\{ fullResults: true \}/);
  });

  it('takes a schema-qualified prefix, its indexes named without the schema', () => {
    const sql = postgresSchema({ prefix: 'app.sw_' });
    expect(sql).toContain('CREATE TABLE IF NOT EXISTS app.sw_dedupe (');
    expect(sql).toContain('CREATE INDEX IF NOT EXISTS sw_dedupe_expires_at_idx ON app.sw_dedupe (expires_at);');
    expect(() => migrate({ client: {} as PostgresQueryable })).rejects.toThrow(/migrate\(\): `client` must have a query/);
    expect(() => cleanup({ client, prefix: '1x' })).rejects.toThrow(/cleanup\(\): `prefix` must be/);
  });
});
