import { describe, expect, it } from 'vitest';
import { decodeUtf8, parseBody } from './parse-body.js';

const encode = (text: string) => new TextEncoder().encode(text);
const bytesOf = (bytes: Uint8Array) => parseBody({ kind: 'bytes', bytes });
const inString = (bytes: readonly number[]) => new Uint8Array([...encode('{"a":"'), ...bytes, ...encode('"}')]);

describe('parseBody on bytes', () => {
  it('parses a UTF-8 object, multi-byte characters included', () => {
    const step = bytesOf(encode('{"name":"zoë 🦊"}'));
    expect(step).toMatchObject({ ok: true, value: { name: 'zoë 🦊' } });
  });

  it('accepts a body that really contains U+FFFD (valid UTF-8)', () => {
    const step = bytesOf(encode('{"name":"\uFFFD"}'));
    expect(step).toMatchObject({ ok: true, value: { name: '\uFFFD' } });
  });

  it.each([
    ['a lone continuation byte', [0x80], '\uFFFD'],
    ['a truncated 4-byte sequence (one U+FFFD for 3 bytes)', [0xf0, 0x9f, 0x98], '\uFFFD'],
    ['an overlong encoding', [0xc0, 0xaf], '\uFFFD\uFFFD'],
    ['a UTF-16 surrogate encoded in UTF-8', [0xed, 0xa0, 0x80], '\uFFFD\uFFFD\uFFFD'],
  ])('decodes bytes that are not UTF-8 inside a string to U+FFFD, as the WHATWG decoder does: %s', (_name, bytes, decoded) => {
    expect(bytesOf(inString(bytes))).toMatchObject({ ok: true, value: { a: decoded } });
    expect(decodeUtf8(inString(bytes))).toBe(new TextDecoder().decode(inString(bytes)));
  });

  it('refuses bytes that are not UTF-8 where, once decoded, they leave no JSON (a UTF-16 byte order mark)', () => {
    expect(bytesOf(new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]))).toMatchObject({
      ok: false,
      answer: { status: 400, code: 'invalid_json' },
    });
  });

  it('drops a UTF-8 byte order mark, as the WHATWG decoder does', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...encode('{"a":1}')]);
    expect(decodeUtf8(withBom)).toBe('{"a":1}');
    expect(bytesOf(withBom)).toMatchObject({ ok: true, value: { a: 1 } });
  });
});

describe('parseBody on text and parsed values', () => {
  it.each([
    ['text that is not JSON', { kind: 'text', text: '{"a":' }, 'invalid_json'],
    ['text that is a JSON array', { kind: 'text', text: '[1]' }, 'body_not_object'],
    ['a parsed null', { kind: 'parsed', value: null }, 'body_not_object'],
    ['a parsed string', { kind: 'parsed', value: 'follow.created' }, 'body_not_object'],
  ] as const)('refuses %s', (_name, content, code) => {
    expect(parseBody(content)).toMatchObject({ ok: false, answer: { status: 400, code } });
  });
});
