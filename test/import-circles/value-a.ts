// A fixture of test/import-circles.test.ts: a circle of value imports (eslint.config.js ignores this folder).
import { base } from './value-b.js';

export const start = (): number => base + 1;
