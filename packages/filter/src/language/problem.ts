import type { FilterProblem, FilterProblemCode, ProblemPath } from '../types.js';
import { formatPath } from './format-path.js';

/** Builds a problem whose message starts with the readable path and ends with the hint. */
export function problem<Code extends string = FilterProblemCode>(
  code: Code,
  path: ProblemPath,
  text: string,
  hint?: string,
): Omit<FilterProblem, 'code'> & { readonly code: Code } {
  const message = `${formatPath(path)}: ${text}${hint === undefined ? '' : ` (${hint})`}`;
  return hint === undefined ? { code, path, message } : { code, path, message, hint };
}

/** A short, bounded rendering of a value for messages. */
export function show(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch (error) {
    text = `[${error instanceof Error ? 'unprintable' : typeof value}]`;
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The same problem, seen from a parent: `prefix` is put in front of its path and its message. */
export function relocate<P extends { readonly path: ProblemPath; readonly message: string }>(item: P, prefix: ProblemPath): P {
  const path = [...prefix, ...item.path];
  const text = item.message.slice(formatPath(item.path).length + 2);
  return { ...item, path, message: `${formatPath(path)}: ${text}` };
}
