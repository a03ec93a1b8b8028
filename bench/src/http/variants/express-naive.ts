import type { Server } from 'node:http';
import express from 'express';
import { BENCH_SECRET, HEADER } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The ten lines a subscriber writes by hand: `express.json()`, `!==`, `res.json`. */
export function listen(): Server {
  const app = express();
  app.post('/webhook', express.json(), (req, res) => {
    if (req.headers[HEADER] !== BENCH_SECRET) {
      res.status(401).json({ error: 'unauthorized' });
      return;
    }
    sink(req.body);
    res.json('ok');
  });
  return app.listen(0, '127.0.0.1');
}
