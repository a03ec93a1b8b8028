import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// import-x/no-cycle skips type-only imports (they vanish at run time), so a circle that closes
// through one is invisible to it. Such a circle still ties two files into one, and it becomes a
// run-time circle the day the import's `type` goes. This rule checks each type-only import, or
// re-export, of a relative path: does the file it names lead back, through relative imports of any
// kind, to the importing one?

/** Each file's relative imports, as absolute paths, kept while the file's mtime stays the same. */
const imports = new Map();

/** The `.ts` file a relative specifier names (`x.js` names `x.ts`, as tsc resolves it), or undefined. */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = base.endsWith('.js') ? [`${base.slice(0, -3)}.ts`] : [base, `${base}.ts`, path.join(base, 'index.ts')];
  return candidates.find((file) => file.endsWith('.ts') && existsSync(file));
}

function importsOf(file) {
  const { mtimeMs } = statSync(file);
  const known = imports.get(file);
  if (known?.mtimeMs === mtimeMs) return known.targets;
  // TypeScript's own scan of import, export-from and import() specifiers; text in strings is not one.
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = importedFiles.map(({ fileName }) => resolveRelative(file, fileName)).filter((target) => target !== undefined);
  imports.set(file, { mtimeMs, targets });
  return targets;
}

/** The shortest route of imports from `start` to `goal` (both included), or undefined when there is none. */
function routeBetween(start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === goal) {
        const route = [goal];
        for (let at = file; at !== undefined; at = cameFrom.get(at)) route.unshift(at);
        return route;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

function isTypeOnly(node) {
  if (node.type === 'ExportAllDeclaration') return node.exportKind === 'type';
  const kind = node.type === 'ImportDeclaration' ? 'importKind' : 'exportKind';
  return node[kind] === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier[kind] === 'type'));
}

/** @type {import('eslint').Rule.RuleModule} */
export const noTypeImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import circle that closes through a type-only import (import-x/no-cycle checks the others).' },
    messages: {
      circle:
        'Import circle through a type import: {{route}}. Move what these files share into a file of its own that each imports, so the imports run one way.',
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      if (node.source === null || !isTypeOnly(node)) return;
      const target = resolveRelative(file, node.source.value);
      const route = target === undefined || target === file ? undefined : routeBetween(target, file);
      if (route === undefined) return;
      const shown = [file, ...route].map((at) => path.relative(context.cwd, at)).join(' -> ');
      context.report({ node: node.source, messageId: 'circle', data: { route: shown } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
