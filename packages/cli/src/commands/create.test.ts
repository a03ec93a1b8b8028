import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../client/test/management-server.js';
import { useManagementServer } from '../../test/management-env.js';
import { runBin } from '../../test/run-bin.js';

const api = useManagementServer();

const follow = { followerProfileId: '3761', followingProfileId: '326089' };
const base = ['create', '--endpoint', 'https://example.com/webhook', '--event', 'follow.created'];

describe('social-webhooks create', () => {
  it('creates the webhook and prints the id, the header value and where to store it', async () => {
    api.server.enqueue({ body: fixture('create-ok') });
    const result = await runBin([...base, '--filter', '{"followerProfileId":"3761"}', '--payload', JSON.stringify(follow)], {
      env: api.env,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created webhook 01HYDYEBHMANSVJ0JKSVK9W3VY (follow.created -> https://example.com/webhook)');
    expect(result.stdout).toContain('x-airstack-webhook: G85wBFVT1EH7OWrs');
    expect(result.stdout).toContain('WEBHOOK_SECRET=G85wBFVT1EH7OWrs');
    // The exact line to paste: the value read from the environment, bound to the webhook's event type.
    expect(result.stdout).toContain("\n  secret: { 'follow.created': process.env.WEBHOOK_SECRET! },\n");
    expect(result.stdout).toContain('Portal: https://portal.example/portal?token=am4AdjH0bz67JDDTRwNesZMO');
    const request = api.server.requests[0]!;
    expect(request.headers.authorization).toBe(api.server.apiKey);
    expect(JSON.parse(request.body)).toEqual({
      endpoint: 'https://example.com/webhook',
      filter_config: { event_type: 'follow.created', filter: { followerProfileId: '3761' }, payload: follow },
    });
  });

  it('prints JSON with --json, from the nested authentication variant too', async () => {
    api.server.enqueue({ body: fixture('create-ok-nested-auth') });
    const result = await runBin([...base, '--json'], { env: api.env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      webhookId: '01HYDYEBHMANSVJ0JKSVK9W3VY',
      headerName: 'x-airstack-webhook',
      headerValue: '0L9wprY8VIlR7jZT',
      eventType: 'follow.created',
      secretLine: "secret: { 'follow.created': process.env.WEBHOOK_SECRET! },",
    });
  });

  it('reads --filter and --payload from @files, relative to the working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'social-webhooks-cli-'));
    writeFileSync(join(dir, 'filter.json'), '{"followingProfileId":{"$in":["326089"]}}');
    writeFileSync(join(dir, 'payload.json'), JSON.stringify(follow));
    const result = await runBin([...base, '--filter', '@filter.json', '--payload', '@payload.json'], { env: api.env, cwd: dir });
    expect(result.code).toBe(0);
    expect(JSON.parse(api.server.requests[0]!.body).filter_config.filter).toEqual({ followingProfileId: { $in: ['326089'] } });
  });

  it("exits 3 with the service's message when the service answers 400", async () => {
    api.server.enqueue({ status: 400, body: fixture('create-fail') });
    const result = await runBin(base, { env: api.env });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^social-webhooks: the service answered 400 to POST \/api\/v1\/webhooks: Invalid filter configuration\./);
  });

  it('exits 3 for a wrong API key, and never prints the key', async () => {
    const result = await runBin([...base, '--api-key', 'wrong-key-123'], { env: api.env });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/answered 401.*Check the API key/);
    expect(result.stderr).not.toContain('wrong-key-123');
  });

  it('exits 2 and sends nothing when the config is refused locally, listing the reasons', async () => {
    const result = await runBin(['create', '--endpoint', 'not a url', '--event', 'follow.created', '--filter', '{"userId":{"$ne":"1"}}'], {
      env: api.env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('  - endpoint: not an absolute URL');
    expect(result.stderr).toContain('  - filterConfig.filter.userId.$ne: "$ne" is not an operator of the language (use "$neq")');
    expect(result.stderr).toContain('  - filterConfig.payload: a filter needs a sample payload');
    expect(api.server.requests).toHaveLength(0);
  });

  it.each([
    ['no API key', base, {}, /no API key: set WEBHOOKS_API_KEY/],
    ['no --endpoint', ['create', '--event', 'follow.created'], undefined, /missing --endpoint/],
    [
      'an unknown event',
      ['create', '--endpoint', 'https://e.com', '--event', 'cast.created'],
      undefined,
      /--event expects one of profile.created/,
    ],
    ['invalid JSON', [...base, '--filter', '{nope'], undefined, /--filter: not valid JSON/],
    ['a missing file', [...base, '--filter', '@missing.json'], undefined, /--filter @missing.json: cannot read .*missing\.json \(ENOENT\)/],
    ['an unknown flag', [...base, '--evnt', 'x'], undefined, /Unknown option '--evnt'/],
    ['a bad --timeout', [...base, '--timeout', 'soon'], undefined, /--timeout expects a positive whole number/],
  ])('exits 2 for %s', async (_name, args, custom, message) => {
    const result = await runBin(args, { env: custom ?? api.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(api.server.requests).toHaveLength(0);
  });

  it('exits 4 when the service does not answer in time', async () => {
    api.server.enqueue({ delayMs: 5000, body: fixture('create-ok') });
    const result = await runBin([...base, '--timeout', '300'], { env: api.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/no answer within 300 ms/);
  });

  it('exits 4, with a JSON error under --json, when the service is unreachable', async () => {
    const result = await runBin([...base, '--json', '--base-url', 'http://127.0.0.1:9'], { env: api.env });
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'network_error' } });
  });
});

describe('social-webhooks create, filter warnings', () => {
  it('prints the warnings of a filter part that can never match on the gateway', async () => {
    const filter = JSON.stringify({ $or: [{ followerProfileId: '3761' }, { '$.followingProfileId': '1' }] });
    const result = await runBin([...base, '--filter', filter, '--payload', JSON.stringify(follow)], { env: api.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /\nWarnings: the filter was accepted, but events may never arrive:\n {2}- never_matches: filterConfig\.filter\.\$or\[1\]\.\$\.followingProfileId: a leading "\$\." step/,
    );
  });
});
