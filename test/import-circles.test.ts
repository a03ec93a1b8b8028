import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// `pnpm lint` fails on any import circle (eslint.config.js): import-x/no-cycle for the imports that
// run, local/no-type-import-circle for a circle that closes through a type-only import, which
// no-cycle skips. The fixtures in test/import-circles/ hold one circle of each kind; `pnpm lint`
// ignores that folder, and these tests lint it on purpose.
const root = new URL('../', import.meta.url).pathname;
const fixture = (name: string) => path.join(root, 'test/import-circles', name);

async function circleMessages(file: string) {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const [result] = await eslint.lintFiles([fixture(file)]);
  return result!.messages
    .filter(({ ruleId }) => ruleId === 'import-x/no-cycle' || ruleId === 'local/no-type-import-circle')
    .map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('the import-circle rules', () => {
  it.each(['value-a.ts', 'value-b.ts'])('fail %s, one end of a circle of value imports', async (file) => {
    expect(await circleMessages(file)).toEqual([{ ruleId: 'import-x/no-cycle', message: 'Dependency cycle detected' }]);
  });

  it('fail the type import that closes a circle, naming the route', async () => {
    const messages = await circleMessages('type-b.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.ruleId).toBe('local/no-type-import-circle');
    expect(messages[0]!.message).toContain(
      'test/import-circles/type-b.ts -> test/import-circles/type-a.ts -> test/import-circles/type-b.ts',
    );
  });

  it('leave the value import of that circle to the type import, which no-cycle cannot see', async () => {
    expect(await circleMessages('type-a.ts')).toEqual([]);
  });
});
