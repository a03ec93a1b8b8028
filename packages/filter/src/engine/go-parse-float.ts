// Go's `strconv.ParseFloat(s, 64)` accepts exactly these spellings (Go spec, floating-point
// literals; strconv docs): decimal with optional exponent, hexadecimal with a mandatory `p`
// exponent, `Inf` / `Infinity` with a sign, `NaN` without one, in any case; `_` between digits.
// JavaScript's `Number()` differs (it trims spaces, reads "" as 0, reads "0x10"), so it is not used.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const HEX = /^[+-]?0x(?:[0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)p[+-]?\d+$/i;
const INFINITY = /^[+-]?inf(?:inity)?$/i;

/** Go's `ParseFloat(s, 64)`: the number, or `undefined` where Go answers an error (also out of range). */
export function goParseFloat(text: string): number | undefined {
  if (/^nan$/i.test(text)) return Number.NaN;
  if (INFINITY.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  let plain = text;
  if (text.includes('_')) {
    if (!underscoreOk(text)) return undefined;
    plain = text.replaceAll('_', '');
  }
  let value: number;
  if (DECIMAL.test(plain)) value = Number(plain);
  else if (HEX.test(plain)) value = parseHex(plain);
  else return undefined;
  // Go reports a range error (and the engine then treats the value as no number) past float64.
  return Number.isFinite(value) ? value : undefined;
}

// Go's `underscoreOK`: `_` only directly between digits (or after a base prefix), never last.
function underscoreOk(text: string): boolean {
  let rest = /^[+-]/.test(text) ? text.slice(1) : text;
  let saw = '^';
  let hex = false;
  if (/^0[box]/i.test(rest)) {
    hex = rest[1]!.toLowerCase() === 'x';
    rest = rest.slice(2);
    saw = '0';
  }
  for (const char of rest) {
    if (/[0-9]/.test(char) || (hex && /[a-f]/i.test(char))) saw = '0';
    else if (char === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}

function parseHex(text: string): number {
  const negative = text.startsWith('-');
  const body = text.replace(/^[+-]?0x/i, '');
  const [mantissa, exponent] = body.split(/p/i) as [string, string];
  const [whole, fraction = ''] = mantissa.split('.') as [string, string?];
  const digits = `${whole}${fraction}`;
  const value = (digits === '' ? 0 : Number.parseInt(digits, 16)) * 2 ** (Number(exponent) - 4 * fraction.length);
  return negative ? -value : value;
}
