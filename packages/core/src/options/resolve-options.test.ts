import { describe, expect, it } from 'vitest';
import { WebhookError } from '../errors.js';
import type { WebhookOptions } from './options.js';
import type { EventMap } from '../senders/sender.js';
import { toSecretEntries } from '../senders/airstack/secret-entries.js';
import { resolveOptions } from './resolve-options.js';

const resolve = (options: unknown) => resolveOptions(options as WebhookOptions<unknown, EventMap>, '@social-webhooks/core');

function messageOf(options: unknown): string {
  try {
    resolve(options);
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookError);
    expect((error as WebhookError).code).toBe('invalid_options');
    return (error as WebhookError).message;
  }
  throw new Error('expected resolveOptions to throw');
}

describe('resolveOptions', () => {
  it("resolves defaults into a fresh object and leaves the caller's untouched", () => {
    const options = Object.freeze({ secret: 'abc' });
    const resolved = resolve(options);
    expect(resolved.steps.header).toBe('x-airstack-webhook');
    expect(resolved.sender.name).toBe('airstack');
    expect(resolved.maxBodyBytes).toBe(1024 * 1024);
    expect(options).toEqual({ secret: 'abc' });
  });

  it('lower-cases a custom header name', () => {
    expect(resolve({ secret: 'abc', header: 'X-Custom-Webhook' }).steps.header).toBe('x-custom-webhook');
  });

  it.each([
    [{ secret: undefined }, /`secret` is missing.*environment|check that the variable is set/],
    [{ secret: '' }, /`secret` is empty.*header_value/],
    [{ secret: '   ' }, /`secret` is empty/],
    [{ secret: [] }, /empty array/],
    [{ secret: ['ok', ''] }, /secret\[1\]/],
    [{ secret: 'abc\n' }, /trailing whitespace.*Trim it/],
    [{ secret: 'caf\u00e9' }, /printable ASCII/],
    [{ secret: 42 }, /must be a string/],
    [{ secret: {} }, /empty map/],
    [{ secret: { 'follow.create': 'abc' } }, /"follow.create", which is not an event name\. Use one of: profile.created/],
    [
      { secret: { 'follow.created': 'same', 'follow.deleted': 'same' } },
      /binds one header value to both follow.created and follow.deleted/,
    ],
    [{ secret: 'abc', header: 'bad header' }, /`header` must be an HTTP header name/],
    [{ secret: 'abc', maxBodyBytes: 0 }, /`maxBodyBytes` must be a positive whole number/],
    [{ secret: 'abc', maxBodyBytes: 1.5 }, /`maxBodyBytes`/],
    [
      { secret: 'abc', on: { 'follow.creatd': () => undefined } },
      /`on` has the unknown key "follow.creatd": did you mean `follow.created`\?/,
    ],
    [{ secret: 'abc', dedupe: { ttl: 5 } }, /`dedupe` has the unknown key "ttl": did you mean `ttlMs`\? Known keys: store, ttlMs/],
    [{ secret: 'abc', dedupe: { leasMs: 5 } }, /`dedupe` has the unknown key "leasMs": did you mean `leaseMs`\?/],
    [{ secret: 'abc', onEvent: () => undefined }, /`options` has the unknown key "onEvent": did you mean `on` \(handlers by event name/],
    [{ secret: 'abc', 'follow.created': () => undefined }, /unknown key "follow.created": did you mean on: \{ 'follow.created': ... \}/],
    [{ secret: 'abc', maxBodySize: 10 }, /unknown key "maxBodySize": did you mean `maxBodyBytes`\?/],
    [{ secret: 'abc', respondwithin: 10 }, /did you mean `respondWithin`\?/],
    [{ secret: 'abc', zzzz: 1 }, /unknown key "zzzz"\. Known keys: secret, on, header/],
    [
      { secret: 'abc', handlerTimeoutMs: 0 },
      /`handlerTimeoutMs` must be a positive whole number of milliseconds \(default 10000\), or false/,
    ],
    [{ secret: 'abc', bodyTimeoutMs: 1.5 }, /`bodyTimeoutMs` must be a positive whole number/],
    [{ secret: 'abc', logger: null }, /`logger` must be an object.*or false/],
    [{ secret: 'abc', on: { 'follow.created': 'nope' } }, /`on\["follow.created"\]` must be a function/],
    [{ secret: 'abc', onError: 'nope' }, /`onError` must be a function/],
    [{ secret: 'abc', onUnknownEvent: 1 }, /`onUnknownEvent` must be a function/],
    [null, /takes an options object/],
  ])('refuses %j with a message that says what to do', (options, message) => {
    const text = messageOf(options);
    expect(text).toMatch(/^@social-webhooks\/core: /);
    expect(text).toMatch(message);
  });

  it.each([
    [
      'Mini App',
      { miniapp_added: () => undefined, notifications_enabled: () => undefined },
      '"miniapp_added", a Mini App event',
      'sender: miniAppSender({ verifyAppKey',
    ],
    [
      'Neynar',
      { 'follow.created': () => undefined, 'cast.created': () => undefined },
      '"cast.created", one of Neynar\'s events',
      'sender: neynarSender({ secrets',
    ],
  ])('names the sender an `on` map of %s events needs, when `sender` was left out', (_, on, what, sender) => {
    for (const options of [{ on }, { secret: 'abc', on }]) {
      const text = messageOf(options);
      expect(text).toContain(`\`on\` handles ${what}, but no \`sender\` is given`);
      expect(text).toContain(`Did you mean \`${sender}`);
      expect(text).not.toMatch(/header_value/);
    }
  });

  it("still takes Neynar's follow.created without a sender: the founding service sends it too", () => {
    expect(resolve({ secret: 'abc', on: { 'follow.created': () => undefined } }).sender.name).toBe('airstack');
  });

  it('never puts a secret value into an error message', () => {
    expect(messageOf({ secret: { 'follow.created': 'super-secret-1', 'follow.deleted': 'super-secret-1' } })).not.toContain('super-secret');
    expect(messageOf({ secret: 'super-secret-2\n' })).not.toContain('super-secret');
  });

  it('keeps one entry per value when the same value is listed twice', () => {
    expect(toSecretEntries(['a', 'a', 'b'], 'test').map((entry) => entry.value)).toEqual(['a', 'b']);
  });
});
