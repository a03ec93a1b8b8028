import type { PathStep } from '../language/ast.js';
import { isPlainObject } from '../language/json-value.js';

const INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * The values a path reaches in `root`: none when the field is missing, several when a `$` step
 * fans out over an array. Only own properties are read, so `__proto__` or `constructor` in a filter
 * never reach the prototype; `undefined` counts as missing.
 */
export function resolvePath(root: unknown, steps: readonly PathStep[]): unknown[] {
  let current: unknown[] = [root];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const value of current) {
      if (step.kind === 'each') {
        if (Array.isArray(value)) next.push(...value.filter((item) => item !== undefined));
        else next.push(value);
      } else if (Array.isArray(value)) {
        if (INDEX.test(step.name)) {
          const item: unknown = value[Number(step.name)];
          if (item !== undefined) next.push(item);
        }
      } else if (isPlainObject(value) && Object.hasOwn(value, step.name)) {
        const item = value[step.name];
        if (item !== undefined) next.push(item);
      }
    }
    current = next;
  }
  return current;
}
