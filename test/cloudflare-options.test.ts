import { readFileSync } from 'node:fs';
import {
  SocialWebhooksState,
  cleanup,
  cloudflareAppKeyStore,
  cloudflareBroadcastRecords,
  cloudflareNotificationLimiter,
  cloudflareSchema,
  cloudflareStore,
  cloudflareTokenStore,
  migrate,
  type D1Like,
  type DurableObjectNamespaceLike,
} from '@social-webhooks/cloudflare';
import { describe, expect, it } from 'vitest';
import { useCloudflareWorkers, type StorageKind } from './support/cloudflare-workers.js';

const d1 = { prepare: () => undefined, batch: async () => [] } as unknown as D1Like;
const namespace = {
  idFromName: () => 'id',
  get: () => ({ fetch: async () => Response.json({}) }),
} as unknown as DurableObjectNamespaceLike;
const factories = {
  cloudflareStore,
  cloudflareTokenStore,
  cloudflareNotificationLimiter,
  cloudflareAppKeyStore,
  cloudflareBroadcastRecords,
} as const;

// What every factory refuses at start-up, before any call to the storage, and the fix each message names.
describe('the Cloudflare stores refuse a mistake at start-up, with the fix', () => {
  describe.each(Object.entries(factories))('%s', (name, factory) => {
    const make = factory as (options: unknown) => unknown;
    it.each([
      ['no options', undefined, new RegExp(`${name}\\(\\) takes an options object: ${name}\\(\\{ d1: env.DB \\}\\)`)],
      ['no binding', {}, /name the storage: .*\{ d1: env\.DB \}.*\{ durableObject: env\.STATE \}/],
      ['both bindings', { d1, durableObject: namespace }, /pass either `d1` or `durableObject`, not both/],
      [
        'a Durable Object namespace as d1',
        { d1: namespace },
        /`d1` must be a D1 database's binding.*pass it as \{ durableObject: env\.STATE \}/,
      ],
      [
        'a D1 database as durableObject',
        { durableObject: d1 },
        /`durableObject` must be a Durable Object namespace's binding.*pass it as \{ d1: env\.DB \}/,
      ],
      ['a KV namespace as d1', { d1: { get: () => undefined, put: () => undefined } }, /`d1` must be a D1 database's binding \(env\.DB/],
      ['an empty object name', { durableObject: namespace, name: '' }, /`name` must be a non-empty string/],
      ['a prefix with a quote', { d1, prefix: 'x"; DROP TABLE users; --' }, /`prefix` must be lower-case letters, digits and _/],
      ["D1's reserved prefix", { d1, prefix: '_cf_x' }, /not starting with a digit, _cf_ or sqlite_/],
    ])('refuses %s', (_case, options, message) => {
      expect(() => make(options)).toThrow(expect.objectContaining({ code: 'invalid_options', message: expect.stringMatching(message) }));
    });
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => cloudflareNotificationLimiter({ d1, perDay: 0 })).toThrow(
      /^@social-webhooks\/cloudflare: cloudflareNotificationLimiter\(\): `perDay` must be a positive integer/,
    );
  });

  it('refuses a keepMs that is not a positive integer', () => {
    expect(() => cloudflareBroadcastRecords({ d1, keepMs: 1.5 })).toThrow(
      /^@social-webhooks\/cloudflare: cloudflareBroadcastRecords\(\): `keepMs` must be a positive integer of milliseconds/,
    );
  });

  it('says how to declare SocialWebhooksState when its storage is not SQLite', () => {
    expect(() => new SocialWebhooksState({ storage: {} })).toThrow(/new_sqlite_classes = \["SocialWebhooksState"\]/);
  });

  it('refuses a bad binding in migrate() and cleanup() too', async () => {
    await expect(migrate({} as never)).rejects.toThrow(/migrate\(\): name the storage/);
    await expect(cleanup({ d1, prefix: '1x' })).rejects.toThrow(/cleanup\(\): `prefix` must be/);
  });

  it('ships migrations/0001_social_webhooks.sql as cloudflareSchema() prints it', () => {
    const shipped = readFileSync(new URL('../packages/cloudflare/migrations/0001_social_webhooks.sql', import.meta.url), 'utf8');
    expect(shipped).toBe(cloudflareSchema());
    expect(cloudflareSchema({ prefix: 'app_' })).toContain('CREATE TABLE IF NOT EXISTS app_dedupe (');
    // A database that applied an earlier 0001 gets tokens_enabled from 0002: one of 0001's statements, IF NOT EXISTS.
    const second = readFileSync(
      new URL('../packages/cloudflare/migrations/0002_social_webhooks_tokens_enabled.sql', import.meta.url),
      'utf8',
    );
    expect(second).toMatch(/^CREATE TABLE IF NOT EXISTS social_webhooks_tokens_enabled \(/);
    expect(shipped.split('\n\n').map((statement) => statement.trim())).toContain(second.trim());
  });
});

// migrate() and cleanup() on workerd, on each storage.
const workers = useCloudflareWorkers();
describe.each<{ storage: StorageKind }>([{ storage: 'd1' }, { storage: 'do' }])('migrate() and cleanup() on $storage', ({ storage }) => {
  it('migrates twice without a change, and cleanup() deletes the rows past their time, keeping the live ones', async () => {
    const prefix = `admin_${storage}_`;
    const call = (store: 'admin' | 'dedupe' | 'keys' | 'limiter', method: string, ...args: unknown[]) =>
      workers.call('a', { storage, prefix, store, method, args });
    await call('admin', 'migrate');
    await call('admin', 'migrate');
    await call('dedupe', 'claim', 'lapsing', 't', 50);
    await call('dedupe', 'claim', 'live', 't', 60_000);
    await call('keys', 'setSigners', 3, { fetchedAt: 1, keys: {} }, 50);
    await call('keys', 'claimFetch', 4, 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await call('admin', 'cleanup')).toEqual({
      dedupe: 1,
      notifyTokens: 0,
      notifySent: 0,
      appKeySigners: 1,
      appKeyFetches: 1,
      broadcasts: 0,
    });
    expect(await call('dedupe', 'claim', 'live', 'u', 60_000)).toBe('in_flight');
    expect(await call('admin', 'cleanup')).toEqual({
      dedupe: 0,
      notifyTokens: 0,
      notifySent: 0,
      appKeySigners: 0,
      appKeyFetches: 0,
      broadcasts: 0,
    });
  });
});
