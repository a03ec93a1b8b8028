import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository keeps its own copy of the shared management fixtures, so that a fresh clone runs
// the tests; when the shared fixtures sit beside the repository (../shared/fixtures), the copy must
// equal them.
const copy = fileURLToPath(new URL('../test-fixtures/management/', import.meta.url));
const shared = fileURLToPath(
  process.env.SOCIAL_WEBHOOKS_SHARED_FIXTURES
    ? pathToFileURL(`${process.env.SOCIAL_WEBHOOKS_SHARED_FIXTURES}/management/`)
    : new URL('../../../../shared/fixtures/management/', import.meta.url),
);

describe('the management fixtures', () => {
  it.skipIf(!existsSync(shared))('equal the shared fixtures', () => {
    const names = readdirSync(shared).filter((name) => name.endsWith('.json')).sort();
    expect(readdirSync(copy).sort()).toEqual(names);
    for (const name of names) expect(JSON.parse(readFileSync(copy + name, 'utf8'))).toEqual(JSON.parse(readFileSync(shared + name, 'utf8')));
  });
});
