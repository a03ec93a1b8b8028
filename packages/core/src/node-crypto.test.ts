import type * as NodeCrypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookUpNodeCrypto } from './node-crypto.js';

describe('lookUpNodeCrypto', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers Node's own node:crypto, reached through process.getBuiltinModule", () => {
    const lookup = vi.spyOn(process, 'getBuiltinModule');
    expect(lookUpNodeCrypto<typeof NodeCrypto>(['createHmac', 'verify'])).toBe(process.getBuiltinModule('node:crypto'));
    expect(lookup.mock.calls[0]).toEqual(['node:crypto']);
  });

  it('answers undefined on a runtime without process.getBuiltinModule (a Worker without nodejs_compat)', () => {
    const { getBuiltinModule } = process;
    try {
      (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
      expect(lookUpNodeCrypto<typeof NodeCrypto>(['createHmac'])).toBeUndefined();
    } finally {
      process.getBuiltinModule = getBuiltinModule;
    }
  });

  it('answers undefined where the lookup throws or finds no module', () => {
    vi.spyOn(process, 'getBuiltinModule').mockImplementationOnce(() => {
      throw new Error('No such built-in module: node:crypto');
    });
    expect(lookUpNodeCrypto<typeof NodeCrypto>(['createHmac'])).toBeUndefined();
    vi.spyOn(process, 'getBuiltinModule').mockReturnValueOnce(undefined);
    expect(lookUpNodeCrypto<typeof NodeCrypto>(['createHmac'])).toBeUndefined();
  });

  it('answers undefined where the module lacks one of the functions asked for (a partial Node compatibility)', () => {
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue({ createHmac: () => undefined });
    expect(lookUpNodeCrypto<typeof NodeCrypto>(['createHmac'])).toBeDefined();
    expect(lookUpNodeCrypto<typeof NodeCrypto>(['verify', 'createPublicKey'])).toBeUndefined();
  });
});
