import { createServer, type Server } from 'node:http';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** The route a subscriber writes by hand on `node:http`: `!==`, collect the chunks, `JSON.parse`. */
export function listen(): Server {
  return createServer((req, res) => {
    if (req.headers[HEADER] !== BENCH_SECRET) {
      res.writeHead(401, JSON_TYPE).end('{"error":"unauthorized"}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        sink(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        res.writeHead(400, JSON_TYPE).end('{"error":"invalid_json"}');
        return;
      }
      res.writeHead(200, JSON_TYPE).end('"ok"');
    });
  }).listen(0, '127.0.0.1');
}
