import { SpanKind, SpanStatusCode, type Attributes, type Tracer } from '@opentelemetry/api';
import type { BatchEnd, BatchResult, BatchScope, BatchStart } from '@social-webhooks/core';
import * as A from './attributes.js';
import type { Instruments } from './instruments.js';

/**
 * The span of one notification batch: CLIENT (we send a request to a Farcaster client), `notify
 * <host>`, a child of whatever span is active (a broadcast worker's job has none: a trace of its
 * own). Its end adds each outcome's target count to `social_webhooks.notifications` and records the
 * batch's duration, by client host, whose cardinality is the number of Farcaster clients.
 */
export function startBatchScope(tracer: Tracer, instruments: () => Instruments, start: BatchStart): BatchScope {
  const startedAt = Date.now();
  const host = hostOf(start.url);
  const span = tracer.startSpan(`notify ${host}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      [A.SERVER_ADDRESS]: host,
      [A.NOTIFICATION_ID]: start.notificationId,
      [A.NOTIFY_TARGETS]: start.targets,
      [A.NOTIFY_ATTEMPT]: start.attempt,
      ...(start.queueName !== undefined && { [A.MESSAGING_DESTINATION_NAME]: start.queueName }),
    },
  });

  return {
    end(end: BatchEnd) {
      const metrics = instruments();
      const common: Attributes = { [A.SERVER_ADDRESS]: host };
      let outcome: string;
      let counts: Record<string, number>;
      if ('result' in end) {
        counts = countsOf(end.result);
        outcome = end.result.stop !== undefined ? 'stopped' : end.result.retry !== undefined ? 'retry' : 'settled';
        if (end.result.stop !== undefined) {
          span.setAttribute(A.ERROR_TYPE, end.result.stop);
          span.setStatus({ code: SpanStatusCode.ERROR, message: end.result.stop });
        } else if (end.result.retry !== undefined) {
          span.setAttribute(A.ERROR_TYPE, 'retry');
          span.setStatus({ code: SpanStatusCode.ERROR, message: end.result.retry.reason });
        }
      } else if ('skipped' in end) {
        counts = { remaining: start.targets };
        outcome = 'skipped';
      } else if ('expired' in end) {
        counts = { expired: end.expired };
        outcome = 'expired';
      } else {
        counts = {};
        outcome = 'error';
        const type = end.error instanceof Error ? end.error.name : 'Error';
        span.setAttribute(A.ERROR_TYPE, type);
        if (end.error instanceof Error) span.recordException(end.error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: type });
        if (end.willRetry === false) {
          metrics.deadLetters.add(1, {
            [A.MESSAGING_SYSTEM]: A.BULLMQ_SYSTEM,
            ...(start.queueName !== undefined && { [A.MESSAGING_DESTINATION_NAME]: start.queueName }),
            ...common,
            [A.ERROR_TYPE]: type,
          });
        }
      }
      for (const [name, count] of Object.entries(counts)) {
        span.setAttribute(`${A.NOTIFY_COUNT_PREFIX}${name}`, count);
        if (count > 0) metrics.notifications.add(count, { ...common, [A.OUTCOME]: name });
      }
      span.setAttribute(A.OUTCOME, outcome);
      metrics.batchDuration.record((Date.now() - startedAt) / 1000, { ...common, [A.OUTCOME]: outcome });
      span.end();
    },
  };
}

function countsOf(result: BatchResult): Record<string, number> {
  return {
    successful: result.successful.length,
    already_sent: result.alreadySent.length,
    invalid: result.invalid.length,
    rate_limited: result.rateLimited.length,
    failed: result.failed.length,
    retry: result.retry?.targets.length ?? 0,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '_OTHER';
  }
}
