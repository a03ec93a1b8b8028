import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson } from '../api/http-json.js';
import type { RouteAnswer } from '../api/management-routes.js';
import type { MiniAppHost } from './miniapp-host.js';
import { receiveNotification } from './receive-notification.js';

/**
 * Answers `POST /_emulator/miniapp/notifications` with the faults in force for this request (see
 * notification-faults.ts): a 5xx answered before the request is handled; otherwise the request is
 * handled (receive-notification.ts), then the answer waits `delayMs`, and a 200 gets the broken body
 * asked for. A malformed request is still a 400.
 */
export async function answerNotification(host: MiniAppHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const faults = host.faults.take();
  const body = await readJson(req);
  if (faults?.status !== undefined) {
    host.refusals.request(
      'fault',
      `the emulator answered ${faults.status}, as its notification faults asked: no token was handled`,
      body.ok ? body.value : undefined,
    );
    host.changed();
    return delayed(res, faults.delayMs, () =>
      sendJson(res, faults.status!, {
        status: false,
        message: `Fault: the emulator answers ${faults.status} as asked (no token was handled).`,
      }),
    );
  }
  let answer: RouteAnswer = body.ok
    ? receiveNotification(host, body.value)
    : { status: 400, body: { status: false, message: body.message } };
  if (answer.status === 400)
    host.refusals.request('malformed', (answer.body as { message: string }).message, body.ok ? body.value : undefined);
  host.changed();
  return delayed(res, faults?.delayMs, () => {
    if (answer.status === 200 && faults?.brokenBody === 'not_json') {
      const text = 'Service temporarily unavailable (a broken answer, as the brokenBody fault asked)';
      return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
    }
    if (answer.status === 200 && faults?.brokenBody === 'no_result') answer = { status: 200, body: { ok: true } };
    sendJson(res, answer.status, answer.body);
  });
}

/** Runs `send` after `delayMs` (at once without), unless the client hung up meanwhile. */
function delayed(res: ServerResponse, delayMs: number | undefined, send: () => void): Promise<void> {
  if (delayMs === undefined || delayMs === 0) return Promise.resolve(send());
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(send()), delayMs);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
