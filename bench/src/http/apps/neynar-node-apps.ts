import { createServer, type Server } from 'node:http';
import express from 'express';
import Fastify from 'fastify';
import { webhookPluginFor } from '@social-webhooks/fastify';
import { NEYNAR_SIGNATURE_HEADER } from '@social-webhooks/node';
import { signedByNeynar } from '../../support/neynar-check.js';
import { sink } from '../../support/sink.js';
import { NEYNAR_RECEIVER_OPTIONS } from './neynar-options.js';
import { expressAdapter, nodeAdapter } from './node-adapters.js';

/**
 * Neynar's deliveries on the servers only Node runs: the receiver on Express 5, Fastify 5 and
 * node:http, and beside each the route a subscriber writes from Neynar's docs with that framework's
 * own body reading (the text of the body, `createHmac('sha512')`, `!==`, `JSON.parse`).
 */
export const NEYNAR_NODE_APPS = {
  'neynar-express5-adapter': (): Server => expressAdapter(express, NEYNAR_RECEIVER_OPTIONS),
  // express.text() keeps the body as sent, which the signature covers (express.json() would not).
  'neynar-express5-naive': (): Server => {
    const app = express();
    app.post('/webhook', express.text({ type: 'application/json' }), (req, res) => {
      const text = req.body as string;
      if (!signedByNeynar(text, req.headers[NEYNAR_SIGNATURE_HEADER] as string | undefined)) {
        res.status(401).json({ error: 'unauthorized' });
        return;
      }
      sink(JSON.parse(text));
      res.json('ok');
    });
    return app.listen(0, '127.0.0.1');
  },
  'neynar-fastify-adapter': (): Server => {
    const app = Fastify();
    void app.register(webhookPluginFor({ path: '/webhook', ...NEYNAR_RECEIVER_OPTIONS }));
    void app.listen({ port: 0, host: '127.0.0.1' });
    return app.server;
  },
  // Fastify's JSON parser replaced by one that keeps the text, as a signature over the bytes needs.
  'neynar-fastify-naive': (): Server => {
    const app = Fastify();
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post('/webhook', async (request, reply) => {
      const text = request.body as string;
      if (!signedByNeynar(text, request.headers[NEYNAR_SIGNATURE_HEADER] as string | undefined))
        return reply.code(401).send({ error: 'unauthorized' });
      sink(JSON.parse(text));
      return reply.header('content-type', 'application/json; charset=utf-8').send('"ok"');
    });
    void app.listen({ port: 0, host: '127.0.0.1' });
    return app.server;
  },
  'neynar-node-adapter': (): Server => nodeAdapter(NEYNAR_RECEIVER_OPTIONS),
  'neynar-node-bare': (): Server =>
    createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (!signedByNeynar(text, request.headers[NEYNAR_SIGNATURE_HEADER] as string | undefined)) {
          response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
          return;
        }
        sink(JSON.parse(text));
        response.writeHead(200, { 'content-type': 'application/json' }).end('"ok"');
      });
    }).listen(0, '127.0.0.1'),
} as const;
