import autocannon from 'autocannon';
import { assertLoopback } from '../support/assert-loopback.js';
import { CYCLE_LENGTH, type MixedRequest, type RequestClass } from './request-mix.js';

/** Status counts per request class, and what went wrong on the wire. */
export interface MixResult {
  readonly statuses: Record<RequestClass, Map<number, number>>;
  readonly total: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly seconds: number;
}

export interface MixOptions {
  readonly url: string;
  readonly cycle: readonly MixedRequest[];
  readonly amount: number;
  readonly connections: number;
  /** The run is stopped, and fails, if it has not finished by then. */
  readonly deadlineMs: number;
}

/**
 * Sends exactly `amount` requests from `connections` keep-alive connections. Each connection
 * repeats the cycle from its start and sends amount / connections requests, so with whole cycles
 * per connection every class's count is known in advance, and is checked against the answers.
 */
export function driveMix(options: MixOptions): Promise<MixResult> {
  assertLoopback(options.url);
  const perConnection = options.amount / options.connections;
  if (!Number.isInteger(perConnection / CYCLE_LENGTH)) {
    throw new Error(`amount / connections must be a whole number of ${CYCLE_LENGTH}-request cycles`);
  }
  const statuses: Record<RequestClass, Map<number, number>> = {
    valid: new Map(),
    'wrong-header': new Map(),
    malformed: new Map(),
    'too-large': new Map(),
  };
  const requests = options.cycle.map((request) => ({
    method: 'POST' as const,
    path: new URL(options.url).pathname,
    headers: request.headers,
    body: request.body,
    onResponse: (status: number) => {
      const counts = statuses[request.requestClass];
      counts.set(status, (counts.get(status) ?? 0) + 1);
    },
  }));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const instance = autocannon(
      { url: options.url, connections: options.connections, amount: options.amount, requests, timeout: 10 },
      (error, result) => {
        clearTimeout(watchdog);
        if (error) {
          reject(error);
          return;
        }
        if (Date.now() - started > options.deadlineMs) {
          reject(new Error(`the load run passed its ${options.deadlineMs / 1000} s deadline and was stopped`));
          return;
        }
        resolve({
          statuses,
          total: result.requests.total,
          errors: result.errors,
          timeouts: result.timeouts,
          seconds: (Date.now() - started) / 1000,
        });
      },
    );
    // Bounded in time as well as in count: a receiver that stalls cannot keep the run going.
    const watchdog = setTimeout(() => instance.stop(), options.deadlineMs);
  });
}
