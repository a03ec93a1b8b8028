import { readFileSync } from 'node:fs';
import {
  SocialWebhooksState,
  cleanup,
  cloudflareAppKeyStore,
  cloudflareBroadcastRecords,
  cloudflareDeliveryArchive,
  cloudflareNotificationHistory,
  cloudflareNotificationLimiter,
  cloudflareOpenStore,
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
  cloudflareNotificationHistory,
  cloudflareDeliveryArchive,
  cloudflareOpenStore,
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

  it("refuses the history's and the archive's bounds that are not positive integers", () => {
    expect(() => cloudflareNotificationHistory({ d1, keepMs: 0 })).toThrow(
      /^@social-webhooks\/cloudflare: cloudflareNotificationHistory\(\): `keepMs` must be a positive integer of milliseconds/,
    );
    expect(() => cloudflareOpenStore({ d1, retentionMs: -1 })).toThrow(
      /^@social-webhooks\/cloudflare: cloudflareOpenStore\(\): `retentionMs` must be a positive whole number of milliseconds/,
    );
    for (const option of ['keepMs', 'maxDeliveries', 'timeoutMs']) {
      expect(() => cloudflareDeliveryArchive({ d1, [option]: 1.5 })).toThrow(
        new RegExp(`^@social-webhooks/cloudflare: cloudflareDeliveryArchive\\(\\): \`${option}\` must be a positive whole number`),
      );
    }
  });

  it('says how to declare SocialWebhooksState when its storage is not SQLite', () => {
    expect(() => new SocialWebhooksState({ storage: {} })).toThrow(/new_sqlite_classes = \["SocialWebhooksState"\]/);
  });

  it('refuses a bad binding in migrate() and cleanup() too', async () => {
    await expect(migrate({} as never)).rejects.toThrow(/migrate\(\): name the storage/);
    await expect(cleanup({ d1, prefix: '1x' })).rejects.toThrow(/cleanup\(\): `prefix` must be/);
  });

  it('ships migrations 0001 (the first tables), 0002 (the history, the archive, opens) and 0003 (when tokens were enabled) as cloudflareSchema() prints them', () => {
    const read = (name: string) => readFileSync(new URL(`../packages/cloudflare/migrations/${name}`, import.meta.url), 'utf8');
    const [first, second, third] = [
      read('0001_social_webhooks.sql'),
      read('0002_social_webhooks_history_archive_opens.sql'),
      read('0003_social_webhooks_tokens_enabled.sql'),
    ];
    expect(`${first}\n${second}\n${third}`).toBe(cloudflareSchema());
    expect(first).not.toContain('history');
    expect(first).not.toContain('tokens_enabled');
    expect(second).toContain('CREATE TABLE IF NOT EXISTS social_webhooks_archive (');
    expect(third).toMatch(/^CREATE TABLE IF NOT EXISTS social_webhooks_tokens_enabled \(/);
    expect(cloudflareSchema({ prefix: 'app_' })).toContain('CREATE TABLE IF NOT EXISTS app_dedupe (');
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
      history: 0,
      historyTimeline: 0,
      archive: 0,
      archiveCheckpoints: 0,
      opens: 0,
    });
    expect(await call('dedupe', 'claim', 'live', 'u', 60_000)).toBe('in_flight');
    expect(await call('admin', 'cleanup')).toEqual({
      dedupe: 0,
      notifyTokens: 0,
      notifySent: 0,
      appKeySigners: 0,
      appKeyFetches: 0,
      broadcasts: 0,
      history: 0,
      historyTimeline: 0,
      archive: 0,
      archiveCheckpoints: 0,
      opens: 0,
    });
  });
});
