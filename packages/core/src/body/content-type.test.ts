import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonContentType, parseContentLength } from './content-type.js';

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    [' APPLICATION/JSON ;charset=UTF-8', true],
    ['application/cloudevents+json', true],
    ['text/json', false],
    ['text/plain', false],
    ['application/jsonp', false],
    ['multipart/form-data; boundary=x', false],
    ['', false],
  ])('%j is JSON: %s', (value, expected) => {
    expect(isJsonContentType(value)).toBe(expected);
  });
});

describe('parseContentLength', () => {
  it.each([
    ['42', 42],
    [42, 42],
    ['0', 0],
    [null, undefined],
    [undefined, undefined],
    ['-1', undefined],
    ['1e3', undefined],
    ['12abc', undefined],
    ['007', 7],
    ['999999999999999', 999_999_999_999_999],
    ['1234567890123456', undefined],
    [' 42', undefined],
    ['42 ', undefined],
    ['', undefined],
    ['\u0663', undefined],
    [-1, undefined],
    [Number.NaN, undefined],
  ])('%j reads as %j', (value, expected) => {
    expect(parseContentLength(value)).toBe(expected);
  });
});

describe('parseContentLength against its definition', () => {
  it('reads a string exactly when it is 1 to 15 ASCII digits, as Number() does', () => {
    const digitsOrNot = fc.oneof(fc.stringMatching(/^\d{0,17}$/), fc.string({ maxLength: 17 }));
    fc.assert(
      fc.property(digitsOrNot, (value) => {
        expect(parseContentLength(value)).toBe(/^\d{1,15}$/.test(value) ? Number(value) : undefined);
      }),
    );
  });
});
