import type { ServerResponse } from 'node:http';
import { EmulatorError } from '../emulator-error.js';
import { sendJson } from './http-json.js';
import type { RouteAnswer } from './management-routes.js';

/**
 * Sends the answer a route resolves to, as JSON; an {@link EmulatorError} it throws is answered with
 * its status and `{ status: false, code, message }`, as every route of the emulator answers its
 * errors. Any other error is the caller's.
 */
export async function sendAnswer(res: ServerResponse, route: () => Promise<RouteAnswer>): Promise<void> {
  let answer: RouteAnswer;
  try {
    answer = await route();
  } catch (error) {
    if (!(error instanceof EmulatorError)) throw error;
    answer = { status: error.status, body: { status: false, code: error.code, message: error.message } };
  }
  sendJson(res, answer.status, answer.body);
}
