// The fields of a package manifest that resolution modes without `exports` read, derived from its
// `exports` map so that a new subpath cannot be forgotten. TypeScript's `node10` mode
// (`moduleResolution: "node"`, what `"module": "commonjs"` projects get) and old bundlers ignore
// `exports`: they read `main`, `module`, `types`, and `typesVersions` for a subpath's types.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `main`, `module` and `types` from the `.` entry (CommonJS types beside the CommonJS `main`, as
 * node10 loads `main` with `require`), and `typesVersions` mapping every other subpath to its
 * CommonJS types. `undefined` fields are left out.
 */
export function legacyFields(exportsMap) {
  const root = exportsMap?.['.'];
  if (root === undefined) return {};
  const subpaths = Object.entries(exportsMap).filter(([subpath, target]) => subpath !== '.' && typeof target === 'object' && target !== null);
  const fields = { main: root.require?.default, module: root.import?.default, types: root.require?.types };
  if (subpaths.length > 0) {
    fields.typesVersions = { '*': Object.fromEntries(subpaths.map(([subpath, target]) => [subpath.slice(2), [target.require?.types ?? target.import?.types]])) };
  }
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * Every published package's differences from the derived fields, at the top level and in
 * `publishConfig` (which `pnpm pack` applies): one line each, empty when all agree.
 */
export function packageFieldProblems(root) {
  const problems = [];
  for (const folder of readdirSync(join(root, 'packages'))) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8'));
    } catch {
      continue; // a folder without a package.json is not a package
    }
    if (manifest.private) continue;
    const expected = legacyFields(manifest.publishConfig?.exports ?? manifest.exports);
    for (const [where, object] of [['', manifest], ['publishConfig.', manifest.publishConfig ?? {}]]) {
      for (const key of ['main', 'module', 'types', 'typesVersions']) {
        if (JSON.stringify(object[key]) !== JSON.stringify(expected[key])) {
          problems.push(`packages/${folder}/package.json: ${where}${key} should be ${JSON.stringify(expected[key])} (derived from exports), not ${JSON.stringify(object[key])}`);
        }
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = packageFieldProblems(join(import.meta.dirname, '..'));
  for (const problem of problems) console.error(problem);
  process.exit(problems.length === 0 ? 0 : 1);
}
