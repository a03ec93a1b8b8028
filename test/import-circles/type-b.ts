// A fixture of test/import-circles.test.ts: a type import back, which closes the circle.
import type { shape } from './type-a.js';

export interface Shape {
  readonly sides: number;
}

export const defaultShape = (): Shape => ({ sides: 3 });
export type Chosen = typeof shape;
