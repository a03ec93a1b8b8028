import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * Type-checks snippets as a user's strict project would: each file written afresh under
 * `test/.tmp/<dir>/`, compiled with the house's strict flags (`tsconfig.base.json`) and Node's types.
 * Answers what `tsc` printed: `''` when every file compiles.
 */
export function compileSnippets(dir: string, files: Readonly<Record<string, string>>): string {
  const root = new URL(`../.tmp/${dir}/`, import.meta.url);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(new URL(name, root), text);
  writeFileSync(
    new URL('tsconfig.json', root),
    JSON.stringify({ extends: '../../../tsconfig.base.json', compilerOptions: { types: ['node'] }, include: ['*.ts'] }),
  );
  const tsc = new URL('../../node_modules/.bin/tsc', import.meta.url).pathname;
  try {
    execFileSync(tsc, ['-p', root.pathname], { encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

/**
 * The test that a page's programs (test/support/snippet-programs.ts) compile as written: every
 * program one file under `test/.tmp/<dir>/`, headed by a comment naming it, so a failure says which.
 */
export function itCompilesPrograms(dir: string, programs: readonly { readonly name: string; readonly code: string }[]): void {
  it("compiles each program as written, under the house's strict compiler flags", () => {
    const files = Object.fromEntries(programs.map(({ name, code }, index) => [`program-${index}.ts`, `// ${name}\n${code}`]));
    expect(compileSnippets(dir, files)).toBe('');
  });
}
