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
    [-1, undefined],
    [Number.NaN, undefined],
  ])('%j reads as %j', (value, expected) => {
    expect(parseContentLength(value)).toBe(expected);
  });
});
