import { literal, parseClass, parseEscape, Refusal, type Flags, type State } from './go-regex-atoms.js';

/** A Go (RE2) pattern in JavaScript's syntax, or why it cannot be one. */
export type Translation =
  | { readonly ok: true; readonly source: string; readonly flags: string }
  | { readonly ok: false; readonly reason: string; readonly hint?: string; readonly engineRejects: boolean };

/**
 * Translates a Go regular expression; refuses what would change meaning in JavaScript. Groups,
 * flags and repetition are handled here, classes and escapes in `go-regex-atoms.ts`.
 */
export function translateGoRegex(pattern: string): Translation {
  try {
    const state = { pattern, at: 0, flags: { i: false, m: false, s: false, U: false }, caseSet: undefined as boolean | undefined };
    const source = parseSequence(state, 0);
    return { ok: true, source, flags: state.caseSet === true ? 'iu' : 'u' };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, engineRejects: error.engineRejects, ...(error.hint === undefined ? {} : { hint: error.hint }) };
    throw error;
  }
}

function parseSequence(state: State, depth: number): string {
  let out = '';
  let atomStart = true; // nothing to repeat yet
  let lastWasRepeat = false;
  const { pattern } = state;
  while (state.at < pattern.length) {
    const char = pattern[state.at]!;
    if (char === ')') {
      if (depth === 0) throw new Refusal('the pattern has an unopened ")"', true);
      return out;
    }
    if (char === '|') {
      out += '|';
      state.at++;
      atomStart = true;
      lastWasRepeat = false;
      continue;
    }
    const repeat = readRepeat(state);
    if (repeat !== undefined) {
      if (atomStart) throw new Refusal('a repetition operator has nothing to repeat', true);
      if (lastWasRepeat) throw new Refusal('a repetition operator follows another (invalid nested repetition in Go)', true);
      out += repeat;
      lastWasRepeat = true;
      continue;
    }
    lastWasRepeat = false;
    atomStart = false;
    if (char === '(') out += parseGroup(state, depth);
    else if (char === '[') out += parseClass(state);
    else if (char === '\\') out += parseEscape(state, false);
    else {
      state.at++;
      if (char === '.') out += state.flags.s ? '[\\s\\S]' : '[^\\n]';
      else if (char === '^') out += state.flags.m ? '(?<![^\\n])' : '^';
      else if (char === '$') out += state.flags.m ? '(?![^\\n])' : '$';
      else out += literal(char, false);
    }
  }
  if (depth > 0) throw new Refusal('the pattern has an unclosed "("', true);
  return out;
}

function readRepeat(state: State): string | undefined {
  const rest = state.pattern.slice(state.at);
  const match = /^(?:[*+?]|\{(\d+)(,(\d*))?\})/.exec(rest);
  if (match === null) return undefined;
  const [text, min, comma, max] = match;
  if (min !== undefined && (Number(min) > 1000 || (max !== undefined && max !== '' && (Number(max) > 1000 || Number(max) < Number(min))))) {
    throw new Refusal(`the repeat count ${text} is invalid (Go allows at most 1000)`, true);
  }
  state.at += text.length;
  let lazy = false;
  if (state.pattern[state.at] === '?') {
    lazy = true;
    state.at++;
  }
  if (state.flags.U) lazy = !lazy;
  const body = min === undefined ? text : comma === undefined ? `{${min}}` : `{${min},${max ?? ''}}`;
  return lazy ? `${body}?` : body;
}

function parseGroup(state: State, depth: number): string {
  const rest = state.pattern.slice(state.at);
  const named = /^\(\?P?<([^>]*)>/.exec(rest);
  if (named !== null) {
    if (!/^\w+$/.test(named[1]!)) throw new Refusal(`the group name "${named[1]}" is invalid`, true);
    state.at += named[0].length;
    return `(${parseInner(state, depth, state.flags)})`;
  }
  if (rest.startsWith('(?:')) {
    state.at += 3;
    return `(?:${parseInner(state, depth, state.flags)})`;
  }
  const flagged = /^\(\?([imsU-]*)([:)])/.exec(rest);
  if (flagged !== null) {
    const flags = applyFlags(state, flagged[1]!);
    // Case folding is JavaScript's `i` flag, for the whole pattern: it may only be set up front.
    if (flags.i !== state.flags.i) {
      if (state.at !== 0 || flagged[2] !== ')') {
        throw new Refusal('"(?i)" is supported only at the start of the pattern, for all of it', false, 'move (?i) to the start, or spell both cases: [Aa]');
      }
      state.caseSet = flags.i;
    }
    state.at += flagged[0].length;
    if (flagged[2] === ')') {
      state.flags = flags;
      return '';
    }
    return `(?:${parseInner(state, depth, flags)})`;
  }
  if (rest.startsWith('(?')) {
    throw new Refusal(`the group "${rest.slice(0, 4)}" is not RE2 syntax (no lookahead, lookbehind or backreferences)`, true);
  }
  state.at++;
  return `(${parseInner(state, depth, state.flags)})`;
}

function parseInner(state: State, depth: number, flags: Flags): string {
  const outer = state.flags;
  state.flags = { ...flags };
  const inner = parseSequence(state, depth + 1);
  state.at++; // the ")"
  state.flags = outer;
  return inner;
}

function applyFlags(state: State, text: string): Flags {
  const parts = text.split('-');
  if (text === '' || parts.length > 2 || text.endsWith('-')) throw new Refusal(`the flag group "(?${text})" is invalid`, true);
  const flags = { ...state.flags };
  for (const flag of parts[0]!) flags[flag as keyof Flags] = true;
  for (const flag of parts[1] ?? '') flags[flag as keyof Flags] = false;
  return flags;
}
