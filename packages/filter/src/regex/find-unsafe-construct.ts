/** Why a pattern is refused, and what to write instead. */
export interface UnsafeConstruct {
  readonly reason: string;
  readonly hint?: string;
}

interface Group {
  /** Whether an unbounded quantifier (`*`, `+`, `{n,}`, `{n,m}` with m > 1) occurs inside. */
  unbounded: boolean;
}

const LOOKAROUND = /^\(\?(?:=|!|<=|<!)/;

/**
 * Scans a pattern for what the service's RE2 engine does not support and for nested unbounded
 * quantifiers, the shape behind catastrophic backtracking (`(a+)+$`, `(.*)*`, `(x+x+)+y`). A
 * heuristic, not a proof: it is paired with a length limit on the pattern and on the tested string.
 */
export function findUnsafeConstruct(source: string): UnsafeConstruct | undefined {
  const stack: Group[] = [{ unbounded: false }];
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (char === '\\') {
      // Backreferences are refused earlier, by the RE2 translation; `\101` is an octal escape there.
      index += 2;
      continue;
    }
    if (char === '[') {
      index = skipClass(source, index);
      continue;
    }
    if (char === '(') {
      if (LOOKAROUND.test(source.slice(index))) {
        return { reason: 'lookahead and lookbehind are not supported by the service (RE2 syntax)' };
      }
      stack.push({ unbounded: false });
      index++;
      continue;
    }
    if (char === ')') {
      const inner = stack.length > 1 ? stack.pop()! : { unbounded: false };
      const quantifier = readQuantifier(source, index + 1);
      const parent = stack[stack.length - 1]!;
      if (quantifier.unbounded && inner.unbounded) {
        return {
          reason: 'a group with an unbounded quantifier inside is itself repeated without bound, which can take exponential time',
          hint: 'remove the outer or the inner repetition, e.g. (ab)+ or a+ instead of (a+)+',
        };
      }
      parent.unbounded ||= inner.unbounded || quantifier.unbounded;
      index += 1 + quantifier.length;
      continue;
    }
    const quantifier = readQuantifier(source, index);
    if (quantifier.length > 0) {
      stack[stack.length - 1]!.unbounded ||= quantifier.unbounded;
      index += quantifier.length;
      continue;
    }
    index++;
  }
  return undefined;
}

/** The index just past the character class that starts at `start`. */
function skipClass(source: string, start: number): number {
  let index = start + 1;
  if (source[index] === '^') index++;
  if (source[index] === ']') index++;
  while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The quantifier at `index`, if any: its length (with a lazy `?`) and whether it is unbounded. */
function readQuantifier(source: string, index: number): { length: number; unbounded: boolean } {
  const char = source[index];
  let length = 0;
  let unbounded = false;
  if (char === '*' || char === '+') {
    length = 1;
    unbounded = true;
  } else if (char === '?') {
    length = 1;
  } else if (char === '{') {
    const braces = /^\{(\d*)(,?)(\d*)\}/.exec(source.slice(index));
    if (braces === null) return { length: 0, unbounded: false };
    length = braces[0].length;
    unbounded = braces[2] === ',' && (braces[3] === '' || Number(braces[3]) > 1);
  }
  if (length > 0 && source[index + length] === '?') length++;
  return { length, unbounded };
}
