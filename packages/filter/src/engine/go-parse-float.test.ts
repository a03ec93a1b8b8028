import { describe, expect, it } from 'vitest';
import { goParseFloat } from './go-parse-float.js';

// Go's strconv.ParseFloat decides which strings the engine reads as numbers; cases from its docs
// and test table (atof_test.go), where JavaScript's Number() answers otherwise.
describe('goParseFloat, as Go\'s strconv.ParseFloat(s, 64)', () => {
  it.each([
    ['3761', 3761],
    ['+5', 5],
    ['-0.5', -0.5],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1E-2', 0.01],
    ['0x1p-2', 0.25],
    ['0X1.8P1', 3],
    ['1_23.50_0_0e+1_2', 1.235e14],
    ['Inf', Infinity],
    ['-infinity', -Infinity],
    ['+INF', Infinity],
  ])('reads %j as %d', (text, value) => {
    expect(goParseFloat(text)).toBe(value);
  });

  it('reads NaN, in any case, without a sign', () => {
    expect(goParseFloat('nan')).toBeNaN();
    expect(goParseFloat('NaN')).toBeNaN();
    expect(goParseFloat('-NaN')).toBeUndefined();
  });

  it.each(['', ' 1', '1 ', '0x10', '0b1', '1e', 'e1', '.', '1.2.3', '_1', '1__0', '1_', '123_.5', '1e400', 'infin', '١٢', 'true', '<nil>'])(
    'refuses %j (Go answers an error)',
    (text) => {
      expect(goParseFloat(text)).toBeUndefined();
    },
  );
});
