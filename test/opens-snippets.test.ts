import { afterEach, describe, expect, it } from 'vitest';
import { itCompilesPrograms } from './support/compile-snippets.js';
import { startQuickAuthIssuer } from './support/quick-auth-keys.js';
import { afterProgram, programsOf, runProgram as run, stopStarted, type Program } from './support/snippet-programs.js';

// The opens package's README, run as pasted (test/support/snippet-programs.ts): type-checked under
// the house's strict flags, then run on Node in a child process whose default Quick Auth
// verification is pointed (SOCIAL_WEBHOOKS_QUICK_AUTH_URL) at a key set of a key this test holds.
const FILE = 'packages/opens/README.md';
const { programs, excluded } = programsOf(FILE);

afterEach(stopStarted, 60_000);

const SCENARIOS: Record<string, (program: Program) => Promise<void>> = {
  async [`${FILE} › The receiver`](program) {
    // An open is counted for the token's FID, not the body's; an expired token and none are refused.
    const issuer = await startQuickAuthIssuer();
    afterProgram({ stop: () => issuer.close() });
    const child = await run(program, { SOCIAL_WEBHOOKS_QUICK_AUTH_URL: issuer.origin });
    const report = async (token: string | undefined, body: unknown) => {
      const response = await fetch(`${child.url}/api/opens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const three = await issuer.sign({ fid: 3, domain: 'app.example.com' });
    expect(await report(three, { notificationId: 'n-1', clientFid: 9152, fid: 4 })).toEqual({
      status: 200,
      body: { recorded: true, unique: true },
    });
    const now = Math.floor(Date.now() / 1000);
    const expired = await issuer.sign({ fid: 4, domain: 'app.example.com', issuedAt: now - 7200, expiresIn: now - 3600 });
    expect(await report(expired, { notificationId: 'n-1' })).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    expect(await report(undefined, { notificationId: 'n-1' })).toMatchObject({ status: 401, body: { error: 'missing_token' } });
    expect(await (await fetch(`${child.url}/api/opens/n-1`)).json()).toEqual({
      opens: 1,
      uniqueOpens: 1,
      byClient: { '9152': { opens: 1, uniqueOpens: 1 } },
    });
  },
};

describe('the opens README', () => {
  it('finds each program under its heading, and only fences that say why are left out', () => {
    expect(programs.map(({ name }) => name)).toEqual(Object.keys(SCENARIOS));
    expect(excluded.map(({ lang }) => lang)).toEqual(['sh', 'ts']);
  });

  itCompilesPrograms('opens-snippets-types', programs);

  it.each(programs)('$name runs as pasted and does what the README says', (program) => SCENARIOS[program.name]!(program), 60_000);
});
