import { describe, expect, it } from 'vitest';
import { isAllowedHost } from './allowed-host.js';

describe('isAllowedHost', () => {
  it.each([
    ['127.0.0.1:4010', true],
    ['localhost:4010', true],
    ['app.localhost', true],
    ['[::1]:4010', true],
    ['127.1.2.3', true],
    ['attacker.example:4010', false],
    ['127.0.0.1.attacker.example', false],
    ['localhost.attacker.example', false],
    [undefined, false],
  ])('on loopback, Host %s -> %s', (host, allowed) => {
    expect(isAllowedHost(host, '127.0.0.1')).toBe(allowed);
  });

  it('accepts any name when the emulator listens beyond loopback on purpose', () => {
    expect(isAllowedHost('emulator:4010', '0.0.0.0')).toBe(true);
    expect(isAllowedHost('emulator:4010', '::1')).toBe(false);
  });
});
