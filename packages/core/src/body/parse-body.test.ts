import { describe, expect, it } from 'vitest';
import { decodeUtf8, parseBody } from './parse-body.js';

const encode = (text: string) => new TextEncoder().encode(text);
const bytesOf = (bytes: Uint8Array) => parseBody({ kind: 'bytes', bytes });

describe('parseBody on bytes', () => {
  it('parses a UTF-8 object, multi-byte characters included', () => {
    const step = bytesOf(encode('{"name":"zoë 🦊"}'));
    expect(step).toMatchObject({ ok: true, value: { name: 'zoë 🦊' } });
  });

  it('accepts a body that really contains U+FFFD (valid UTF-8), as the fatal decoder alone did', () => {
    const step = bytesOf(encode('{"name":"\uFFFD"}'));
    expect(step).toMatchObject({ ok: true, value: { name: '\uFFFD' } });
  });

  it.each([
    ['a lone continuation byte', [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d]],
    ['a truncated 4-byte sequence (one U+FFFD for 3 bytes)', [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xf0, 0x9f, 0x98, 0x22, 0x7d]],
    ['an overlong encoding', [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]],
    ['a UTF-16 surrogate encoded in UTF-8', [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]],
    ['a UTF-16 byte order mark', [0xff, 0xfe, 0x7b, 0x7d]],
  ])('refuses bytes that are not UTF-8, inside a string where JSON.parse would take them: %s', (_name, bytes) => {
    expect(bytesOf(new Uint8Array(bytes))).toMatchObject({ ok: false, answer: { status: 400, code: 'invalid_json' } });
  });

  it('decodes as the fatal decoder does, a UTF-8 byte order mark dropped', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...encode('{"a":1}')]);
    expect(decodeUtf8(withBom)).toBe(new TextDecoder('utf-8', { fatal: true }).decode(withBom));
  });
});
