import { readFileSync, readdirSync } from 'node:fs';

/** The repo's copy of the documented fixtures (kept equal to ../shared/fixtures by fixtures-sync.test.ts). */
export const FIXTURES_DIR = new URL('../fixtures/', import.meta.url);

export function readFixture<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, FIXTURES_DIR), 'utf8')) as T;
}

export function listFixtures(folder: string): string[] {
  return readdirSync(new URL(`${folder}/`, FIXTURES_DIR)).filter((name) => name.endsWith('.json'));
}

export { followPayload, profilePayload, type JsonObject } from './fixture-data.js';
