// Character classes and escapes of Go's `regexp/syntax`, written in JavaScript's `u` mode.
// What Go's `regexp/syntax` spells differently from JavaScript, and how it is written here with the
// `u` flag (Go matches code points, as `u` does): `.` excludes only "\n" in Go (JS also excludes
// "\r", U+2028, U+2029); `\s` is [\t\n\f\r ] in Go (JS adds \v and Unicode spaces); `(?m)` lines end
// at "\n" only; `\A` and `\z` are the text's ends; `(?P<name>` is a group; `[[:alpha:]]` is ASCII.
const POSIX: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z', alpha: 'A-Za-z', ascii: '\\x00-\\x7F', blank: '\\t ', cntrl: '\\x00-\\x1F\\x7F', digit: '0-9',
  graph: '!-~', lower: 'a-z', print: ' -~', punct: '!-\\/:-@\\[-`{-~', space: '\\t\\n\\v\\f\\r ', upper: 'A-Z',
  word: '0-9A-Za-z_', xdigit: '0-9A-Fa-f',
};
const GO_SPACE = '\\t\\n\\f\\r ';
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\\x07', f: '\\f', t: '\\t', n: '\\n', r: '\\r', v: '\\v' };
const CATEGORY = /^(?:[CLMNPSZ][a-z]?|Any)$/;

/** Go's flags in force: case-insensitive, multi-line, dot-all, ungreedy. */
export interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
}

/** A pattern that cannot be translated; `engineRejects`: Go refuses it too. */
export class Refusal extends Error {
  constructor(
    readonly reason: string,
    readonly engineRejects: boolean,
    readonly hint?: string,
  ) {
    super(reason);
  }
}

/** Where the translation is: the pattern, the position, the flags in force. */
export interface State {
  readonly pattern: string;
  at: number;
  flags: Flags;
  caseSet: boolean | undefined;
}

/** A `[...]` class at `state.at`. */
export function parseClass(state: State): string {
  const { pattern } = state;
  state.at++;
  let out = '[';
  if (pattern[state.at] === '^') {
    out += '^';
    state.at++;
  }
  let first = true;
  let items = 0;
  while (state.at < pattern.length) {
    const char = pattern[state.at]!;
    if (char === ']' && !first) {
      state.at++;
      return `${out}]`;
    }
    first = false;
    items++;
    const posix = /^\[:(\^?)([a-z]+):\]/.exec(pattern.slice(state.at));
    if (posix !== null) {
      const range = POSIX[posix[2]!];
      if (range === undefined) throw new Refusal(`the character class "${posix[0]}" is invalid`, true);
      if (posix[1] === '^') throw new Refusal(`the negated class "${posix[0]}" cannot be translated`, false, 'list the characters instead');
      out += range;
      state.at += posix[0].length;
      continue;
    }
    if (char === '\\') out += parseEscape(state, true);
    else {
      // A dash between two items is a range; first or last it is itself.
      out += char === '-' && items > 1 && pattern[state.at + 1] !== ']' ? '-' : literal(char, true);
      state.at++;
    }
  }
  throw new Refusal('the pattern has an unclosed "["', true);
}

/** A `\\x` escape at `state.at`, inside a class or not. */
export function parseEscape(state: State, inClass: boolean): string {
  const { pattern } = state;
  const next = pattern[state.at + 1];
  if (next === undefined) throw new Refusal('the pattern ends with "\\"', true);
  state.at += 2;
  if (SIMPLE_ESCAPES[next] !== undefined) return SIMPLE_ESCAPES[next];
  if ('dDwW'.includes(next)) return `\\${next}`;
  if (next === 's') return inClass ? GO_SPACE : `[${GO_SPACE}]`;
  if (next === 'S') {
    if (inClass) throw new Refusal('"\\S" inside a class cannot be translated', false, 'write it outside the class, as (?:\\S|[...])');
    return `[^${GO_SPACE}]`;
  }
  if ('bB'.includes(next) && !inClass) return `\\${next}`;
  if (next === 'A' && !inClass) return '(?<![\\s\\S])';
  if (next === 'z' && !inClass) return '(?![\\s\\S])';
  if (next === 'Q' && !inClass) {
    const end = pattern.indexOf('\\E', state.at);
    const text = end === -1 ? pattern.slice(state.at) : pattern.slice(state.at, end);
    state.at = end === -1 ? pattern.length : end + 2;
    return [...text].map((char) => literal(char, false)).join('');
  }
  if (next === 'x') {
    const hex = /^(?:\{([0-9A-Fa-f]{1,6})\}|([0-9A-Fa-f]{2}))/.exec(pattern.slice(state.at));
    if (hex === null || Number.parseInt(hex[1] ?? hex[2]!, 16) > 0x10ffff) throw new Refusal('the escape "\\x" needs two hex digits or {hex}', true);
    state.at += hex[0].length;
    return codePoint(Number.parseInt(hex[1] ?? hex[2]!, 16));
  }
  if (/[0-7]/.test(next)) {
    const octal = /^[0-7]{0,2}/.exec(pattern.slice(state.at))![0];
    if (next !== '0' && octal === '') throw new Refusal(`"\\${next}" is a backreference, which RE2 does not support`, true);
    state.at += octal.length;
    return codePoint(Number.parseInt(`${next}${octal}`, 8));
  }
  if (next === 'p' || next === 'P') return unicodeClass(state, next === 'P');
  // Go takes any escaped ASCII punctuation (or space) as itself.
  if (next.charCodeAt(0) < 0x80 && !/[A-Za-z0-9]/.test(next)) return literal(next, inClass);
  throw new Refusal(`the escape "\\${next}" is not RE2 syntax`, true);
}

function unicodeClass(state: State, negated: boolean): string {
  const match = /^(?:\{(\^?)(\w+)\}|([A-Za-z]))/.exec(state.pattern.slice(state.at));
  if (match === null) throw new Refusal('"\\p" needs a class name, such as \\pL or \\p{Greek}', true);
  state.at += match[0].length;
  const name = match[2] ?? match[3]!;
  const flip = negated !== (match[1] === '^');
  const body = name === 'Any' ? 'Any' : CATEGORY.test(name) ? name : `Script=${name}`;
  const text = `\\${flip ? 'P' : 'p'}{${body}}`;
  try {
    new RegExp(text, 'u');
  } catch {
    throw new Refusal(`the class "\\p{${name}}" is unknown`, true);
  }
  return text;
}

function codePoint(value: number): string {
  return `\\u{${value.toString(16)}}`;
}

// A literal character, escaped where JavaScript's `u` mode needs it.
export function literal(char: string, inClass: boolean): string {
  const special = inClass ? /[\\\][^-]/ : /[\\^$.*+?()[\]{}|/]/;
  return special.test(char) ? `\\${char}` : char;
}
