import type { ProblemPath } from '../types.js';

/**
 * A path as a reader writes it: `$and[0].followerCount.$gte`; `(root)` for the empty path. Keys that
 * hold a dot are quoted, so `["a.b"]` and `["a", "b"]` read differently.
 */
export function formatPath(path: ProblemPath): string {
  if (path.length === 0) return '(root)';
  let text = '';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else if (step.includes('.') && !step.includes('$')) text += `${text === '' ? '' : '.'}"${step}"`;
    else text += text === '' ? step : `.${step}`;
  }
  return text;
}
