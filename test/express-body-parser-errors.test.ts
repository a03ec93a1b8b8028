import express4 from 'express4';
import express5 from 'express5';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '@social-webhooks/core/testing';
import { bodyParserErrorHandler, webhookHandler } from '@social-webhooks/express';

const SECRET = 'body-parser-errors-secret';

// A global express.json() answers malformed and oversize bodies before the receiver runs; the
// error handler turns those answers into the contract's JSON, over a real server (supertest).
describe.each([
  ['Express 4', express4],
  ['Express 5', express5],
] as const)('%s with a global express.json() and bodyParserErrorHandler()', (_name, express) => {
  function app() {
    const built = express();
    built.use(express.json({ limit: '1kb' }));
    built.post('/webhook', webhookHandler({ secret: SECRET, logger: false, on: { 'follow.created': () => undefined } }));
    built.post('/webhook/boom', () => {
      throw new Error('not a body-parser error');
    });
    built.use('/webhook', bodyParserErrorHandler());
    return built;
  }
  const { headers, body } = buildDelivery({ secret: SECRET });

  it.each([
    ['malformed JSON', '{"eventName": "follow.created", ', {}, 400, 'invalid_json'],
    ['a body over the parser limit', JSON.stringify({ eventName: 'follow.created', data: { pad: 'x'.repeat(2048) } }), {}, 413, 'payload_too_large'],
    ['an unknown content-encoding', body, { 'content-encoding': 'br2' }, 415, 'unsupported_content_encoding'],
    ['a charset other than UTF-8', body, { 'content-type': 'application/json; charset=latin-9' }, 415, 'unsupported_media_type'],
  ])('answers %s with the contract JSON, not an HTML page', async (_what, sent, extra, status, code) => {
    const response = await request(app()).post('/webhook').set({ ...headers, ...extra }).send(sent);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ error: code, message: expect.any(String) });
    expect(response.text).not.toMatch(/<html|<pre>|at .*\.js:\d+|node_modules/i);
  });

  it('lets a valid delivery through to the receiver', async () => {
    const response = await request(app()).post('/webhook').set(headers).send(body);
    expect([response.status, response.body]).toEqual([200, 'ok']);
  });

  it('passes errors that are not the parser\'s, and other routes, on to the next error handler', async () => {
    const thrown = await request(app()).post('/webhook/boom').set('content-type', 'application/json').send('{}');
    expect(thrown.status).toBe(500);
    expect(thrown.headers['content-type']).toMatch(/^text\/html/);
    // Not under /webhook: Express's own handling, untouched.
    const elsewhere = await request(app()).post('/other').set('content-type', 'application/json').send('{');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers['content-type']).toMatch(/^text\/html/);
  });
});
