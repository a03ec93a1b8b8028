// A fixture of test/import-circles.test.ts: a circle of value imports (eslint.config.js ignores this folder).
import { start } from './value-a.js';

export const base = 1;
export const twice = (): number => start() * 2;
