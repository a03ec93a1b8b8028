import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

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
