// A fixture of test/import-circles.test.ts: a value import one way (eslint.config.js ignores this folder).
import { type Shape, defaultShape } from './type-b.js';

export const shape: Shape = defaultShape();
