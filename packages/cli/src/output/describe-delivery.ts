import type { AttemptRecord, DeliveryRecord } from '@social-webhooks/emulator';

const SHORT_ANSWER = 80;

/** A delivery in the list: one line, then one per attempt with the start of the answer. */
export function deliverySummary(delivery: DeliveryRecord): string[] {
  return [
    `${delivery.deliveryId}  ${delivery.eventName} -> ${delivery.endpoint} (webhook ${delivery.webhookId}): ${delivery.state}`,
    ...delivery.attempts.map(attemptSummary),
  ];
}

/** One attempt in a list: number, time, status or error, latency, kind, and the start of the answer. */
export function attemptSummary(a: AttemptRecord): string {
  return `  #${a.attempt} ${a.at}  ${a.status ?? a.error}  ${a.latencyMs} ms  ${a.kind}${answerStart(a)}`;
}

/** A delivery in full: the body sent, and each attempt's request headers and answer. */
export function deliveryDetail(delivery: DeliveryRecord): string[] {
  const faults = Object.entries(delivery.faults ?? {}).map(([name, value]) => (value === true ? name : `${name}=${String(value)}`));
  return [
    `Delivery ${delivery.deliveryId}: ${delivery.state}`,
    `  event     ${delivery.eventName}`,
    `  webhook   ${delivery.webhookId}`,
    `  endpoint  ${delivery.endpoint}`,
    `  created   ${delivery.createdAt}`,
    ...(faults.length === 0 ? [] : [`  faults    ${faults.join(', ')}`]),
    '  body sent:',
    ...indent(pretty(delivery.body), 4),
    ...delivery.attempts.flatMap(attemptDetail),
    '',
    `Replay it: social-webhooks replay ${delivery.deliveryId}`,
  ];
}

function attemptDetail(attempt: AttemptRecord): string[] {
  const answer = attempt.response;
  return [
    '',
    `Attempt #${attempt.attempt} (${attempt.kind}) at ${attempt.at}: ${attempt.status ?? attempt.error}, ${attempt.latencyMs} ms`,
    '  request headers:',
    ...Object.entries(attempt.request.headers).map(([name, value]) => `    ${name}: ${value}`),
    ...(answer === undefined
      ? ['  no answer']
      : [
          `  answer ${answer.status}, ${answer.bodyBytes} bytes${answer.truncated ? ' (truncated)' : ''}:`,
          ...Object.entries(answer.headers).map(([name, value]) => `    ${name}: ${value}`),
          ...indent(answer.body === '' ? '(empty body)' : pretty(answer.body), 4),
        ]),
  ];
}

function answerStart(attempt: AttemptRecord): string {
  const body = attempt.response?.body.replace(/\s+/g, ' ').trim();
  if (body === undefined || body === '') return '';
  return `  ${body.length > SHORT_ANSWER ? `${body.slice(0, SHORT_ANSWER)}…` : body}`;
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function indent(text: string, spaces: number): string[] {
  return text.split('\n').map((line) => ' '.repeat(spaces) + line);
}
