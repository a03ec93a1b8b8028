import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * The compilers a user's project may have: TypeScript 5 (the workspace's `typescript`) and
 * TypeScript 7, the native compiler (test/typescript7), each by its own `tsc`.
 */
const COMPILERS = [
  new URL('../../node_modules/typescript/', import.meta.url),
  new URL('../typescript7/node_modules/typescript7/', import.meta.url),
].map((folder) => ({
  name: `TypeScript ${(JSON.parse(readFileSync(new URL('package.json', folder), 'utf8')) as { version: string }).version}`,
  tsc: new URL('bin/tsc', folder).pathname,
}));

/**
 * Type-checks snippets as a user's strict project would: each file written afresh under
 * `test/.tmp/<dir>/`, compiled with the house's strict flags (`tsconfig.base.json`) and Node's types,
 * by both compilers at once. Answers what they printed, each headed by the compiler's name: `''`
 * when every file compiles under both.
 */
export async function compileSnippets(dir: string, files: Readonly<Record<string, string>>): Promise<string> {
  const root = new URL(`../.tmp/${dir}/`, import.meta.url);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(new URL(name, root), text);
  writeFileSync(
    new URL('tsconfig.json', root),
    JSON.stringify({ extends: '../../../tsconfig.base.json', compilerOptions: { types: ['node'] }, include: ['*.ts'] }),
  );
  const outputs = await Promise.all(
    COMPILERS.map(async ({ name, tsc }) => {
      try {
        await promisify(execFile)(process.execPath, [tsc, '-p', root.pathname], { encoding: 'utf8' });
        return '';
      } catch (error) {
        return `${name}:\n${String((error as { stdout?: string }).stdout ?? error)}`;
      }
    }),
  );
  return outputs.join('');
}

/**
 * The test that a page's programs (test/support/snippet-programs.ts) compile as written: every
 * program one file under `test/.tmp/<dir>/`, headed by a comment naming it, so a failure says which.
 */
export function itCompilesPrograms(dir: string, programs: readonly { readonly name: string; readonly code: string }[]): void {
  it("compiles each program as written, under the house's strict compiler flags, with TypeScript 5 and 7", async () => {
    const files = Object.fromEntries(programs.map(({ name, code }, index) => [`program-${index}.ts`, `// ${name}\n${code}`]));
    expect(await compileSnippets(dir, files)).toBe('');
  });
}
