import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parseWebhookEvent } from '@farcaster/miniapp-node';
import express from 'express';
import type { VerifyAppKey } from '@social-webhooks/core';
import { sink } from '../../support/sink.js';
import { readSignedPayload } from './miniapp-bare.js';
import { benchAppKey, cachedLookup } from './miniapp-lookup.js';
import { miniAppReceiverOptions } from './miniapp-options.js';
import { referenceRefusal } from './miniapp-reference.js';
import { expressAdapter, nodeAdapter } from './node-adapters.js';

const JSON_TYPE = { 'content-type': 'application/json' };

/** The body's text, as bare `node:http` gathers it. */
function readText(request: IncomingMessage, done: (text: string) => void): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
}

/** The hand-written route's answer on `node:http`: `JSON.parse`, then `parseWebhookEvent`, its refusals as the docs switch on them. */
async function answerWithReference(text: string, response: ServerResponse, verifyAppKey: VerifyAppKey): Promise<void> {
  try {
    sink(await parseWebhookEvent(JSON.parse(text) as unknown, verifyAppKey));
    response.writeHead(200, JSON_TYPE).end('"ok"');
  } catch (error) {
    const { status, body } = referenceRefusal(error);
    response.writeHead(status, JSON_TYPE).end(JSON.stringify(body));
  }
}

/**
 * Mini App events on the servers only Node runs: the receiver on Express 5 and as the `node:http`
 * listener; beside each, the route users write with the reference (`express.json()` or the chunks
 * gathered and `JSON.parse`, then `parseWebhookEvent` with the same cached lookup); and bare
 * `node:http` that only verifies the signature with `node:crypto` (goal 2's route).
 */
export const MINIAPP_NODE_APPS = {
  'miniapp-express5-adapter': (): Server => expressAdapter(express, miniAppReceiverOptions(benchAppKey())),
  'miniapp-express5-reference': (): Server => {
    const verifyAppKey = cachedLookup(benchAppKey());
    const app = express();
    app.post('/webhook', express.json(), async (req, res) => {
      try {
        sink(await parseWebhookEvent(req.body, verifyAppKey));
        res.json('ok');
      } catch (error) {
        const { status, body } = referenceRefusal(error);
        res.status(status).json(body);
      }
    });
    return app.listen(0, '127.0.0.1');
  },
  'miniapp-node-adapter': (): Server => nodeAdapter(miniAppReceiverOptions(benchAppKey())),
  'miniapp-node-reference': (): Server => {
    const verifyAppKey = cachedLookup(benchAppKey());
    return createServer((request, response) => readText(request, (text) => void answerWithReference(text, response, verifyAppKey))).listen(
      0,
      '127.0.0.1',
    );
  },
  'miniapp-node-bare': (): Server =>
    createServer((request, response) =>
      readText(request, (text) => {
        let payload: unknown;
        try {
          payload = readSignedPayload(JSON.parse(text));
        } catch {
          response.writeHead(400, JSON_TYPE).end('{"error":"invalid_body"}');
          return;
        }
        if (payload === undefined) {
          response.writeHead(401, JSON_TYPE).end('{"error":"unauthorized"}');
          return;
        }
        sink(payload);
        response.writeHead(200, JSON_TYPE).end('"ok"');
      }),
    ).listen(0, '127.0.0.1'),
} as const;
