import { describe, expect, it } from 'vitest';
import { fixture } from '../../../client/test/management-server.js';
import { useManagementServer } from '../../test/management-env.js';
import { runBin } from '../../test/run-bin.js';

const api = useManagementServer();

const follow = JSON.stringify({ followerProfileId: '3761', followingProfileId: '326089' });
const args = ['test-filter', '--event', 'follow.created', '--filter', '{"followerProfileId":"3761"}', '--payload', follow];

describe('social-webhooks test-filter', () => {
  it('exits 0 when the service passes the config, sent at the top level', async () => {
    const result = await runBin(args, { env: api.env });
    expect(result).toMatchObject({ code: 0, stdout: 'Filter test passed (checked by the service).\n' });
    expect(api.server.requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/filters/test' });
    expect(JSON.parse(api.server.requests[0]!.body)).toEqual({
      event_type: 'follow.created',
      filter: { followerProfileId: '3761' },
      payload: JSON.parse(follow),
    });
  });

  it('accepts the { success: true } variant', async () => {
    api.server.enqueue({ body: fixture('filter-test-ok-success-key') });
    expect((await runBin([...args, '--json'], { env: api.env })).stdout).toBe(
      `${JSON.stringify({ ok: true, checkedBy: 'service' }, null, 2)}\n`,
    );
  });

  it('exits 1 when the service fails the config (400 { status: false })', async () => {
    api.server.enqueue({ status: 400, body: fixture('filter-test-fail') });
    const result = await runBin(args, { env: api.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Filter test failed (checked by the service):');
  });

  it('exits 1 with the reasons, and sends nothing, when the local test fails', async () => {
    const result = await runBin(
      ['test-filter', '--event', 'follow.created', '--filter', '{"followerProfileId":"1"}', '--payload', follow, '--json'],
      { env: api.env },
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      checkedBy: 'local',
      reasons: ['filter.followerProfileId: the payload does not satisfy {"followerProfileId":"1"}'],
    });
    expect(api.server.requests).toHaveLength(0);
  });

  it('tests locally only with --local, without an API key', async () => {
    const result = await runBin([...args, '--local'], { env: {} });
    expect(result).toMatchObject({ code: 0, stdout: 'Filter test passed (checked locally).\n' });
  });

  it('exits 3 when the service answers an error rather than a verdict', async () => {
    api.server.enqueue({ status: 503, text: 'Service Unavailable' });
    const result = await runBin(args, { env: api.env });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/answered 503/);
  });
});

describe('social-webhooks test-filter --local, as the gateway engine evaluates', () => {
  it('passes a filter that reads a numeric string as a number', async () => {
    const result = await runBin(
      ['test-filter', '--local', '--event', 'follow.created', '--filter', '{"followerProfileId":3761}', '--payload', follow],
      { env: {} },
    );
    expect(result).toMatchObject({ code: 0, stdout: 'Filter test passed (checked locally).\n' });
  });

  it('prints the warnings of a filter part that can never match', async () => {
    const filter = JSON.stringify({ $or: [{ followerProfileId: '3761' }, { '$.followingProfileId': '1' }] });
    const result = await runBin(['test-filter', '--local', '--event', 'follow.created', '--filter', filter, '--payload', follow], {
      env: {},
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Filter test passed \(checked locally\)\.\nWarnings \(the gateway accepts the filter, but\):\n {2}- never_matches: filter\.\$or\[1\]\.\$\.followingProfileId: a leading "\$\." step/,
    );
    const json = JSON.parse(
      (
        await runBin(['test-filter', '--local', '--json', '--event', 'follow.created', '--filter', filter, '--payload', follow], {
          env: {},
        })
      ).stdout,
    ) as { warnings: string[] };
    expect(json.warnings).toHaveLength(1);
  });
});
