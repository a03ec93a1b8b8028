import { EVENT_NAMES } from '@social-webhooks/core';
import { formatCount } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { EXPECTED_STATUS, type RequestClass } from './request-mix.js';
import type { ReceiverRun } from './run-receiver.js';

/** Issue 3: resident memory after the run within 50 MB of before. */
export const RSS_GROWTH_LIMIT = 50 * 2 ** 20;

const CLASSES: readonly { requestClass: RequestClass; label: string; share: number }[] = [
  { requestClass: 'valid', label: 'valid deliveries (4 events x envelope/flat)', share: 0.6 },
  { requestClass: 'wrong-header', label: 'wrong or missing header', share: 0.2 },
  { requestClass: 'malformed', label: 'malformed JSON', share: 0.1 },
  { requestClass: 'too-large', label: 'body over the 1 MiB limit', share: 0.1 },
];

const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : (bytes / 2 ** 20).toFixed(1));

interface Check {
  readonly label: string;
  readonly expected: string;
  /** The cell for one receiver, and whether it passed. */
  readonly cell: (run: ReceiverRun) => { text: string; ok: boolean };
}

/** Every assertion of the load test, one row each, one column per receiver. */
export function loadtestChecks(amount: number): Check[] {
  const statusChecks = CLASSES.map(({ requestClass, label, share }): Check => {
    const count = amount * share;
    const status = EXPECTED_STATUS[requestClass];
    return {
      label: `${label} -> ${status}`,
      expected: formatCount(count),
      cell: (run) => {
        const counts = run.mix.statuses[requestClass];
        const others = [...counts].filter(([other]) => other !== status).map(([other, n]) => `${formatCount(n)} x ${other}`);
        const got = counts.get(status) ?? 0;
        return { text: [formatCount(got), ...others].join(', '), ok: got === count && others.length === 0 };
      },
    };
  });
  const perEvent = (amount * 0.6) / EVENT_NAMES.length;
  return [
    ...statusChecks,
    {
      label: 'handler calls (one log line each)',
      expected: `${formatCount(amount * 0.6)} (${formatCount(perEvent)} per event)`,
      cell: (run) => {
        const counts = EVENT_NAMES.map((name) => run.handled[name]);
        const total = counts.reduce((sum, n) => sum + n, 0);
        return { text: formatCount(total), ok: counts.every((n) => n === perEvent) };
      },
    },
    {
      label: 'requests answered',
      expected: formatCount(amount),
      cell: (run) => ({ text: formatCount(run.mix.total), ok: run.mix.total === amount }),
    },
    {
      label: 'socket errors / timeouts',
      expected: '0 / 0',
      cell: (run) => ({ text: `${run.mix.errors - run.mix.timeouts} / ${run.mix.timeouts}`, ok: run.mix.errors === 0 }),
    },
    {
      label: 'receiver RSS after a full GC: before -> after the run',
      expected: `growth <= ${RSS_GROWTH_LIMIT / 2 ** 20} MB`,
      cell: ({ rssBefore, rssAfter }) => {
        if (rssBefore === undefined || rssAfter === undefined) return { text: 'unavailable (not Linux)', ok: false };
        const growth = rssAfter - rssBefore;
        return { text: `${mb(rssBefore)} -> ${mb(rssAfter)} MB (${growth >= 0 ? '+' : ''}${mb(growth)})`, ok: growth <= RSS_GROWTH_LIMIT };
      },
    },
    {
      label: 'receiver RSS: cold; straight after the run',
      expected: '(figure)',
      cell: ({ rssCold, rssAfterRun }) => ({ text: `${mb(rssCold)}; ${mb(rssAfterRun)} MB`, ok: true }),
    },
    {
      label: 'stopped cleanly on SIGTERM',
      expected: 'exit 0',
      cell: (run) => ({ text: `exit ${run.exitCode}`, ok: run.exitCode === 0 }),
    },
    {
      label: 'duration, throughput',
      expected: '(figure)',
      cell: (run) => ({ text: `${run.mix.seconds.toFixed(1)} s, ${formatCount(run.mix.total / run.mix.seconds)} req/s`, ok: true }),
    },
  ];
}

/** The load test's table, and whether every check passed for every receiver. */
export function loadtestTable(
  runs: readonly ReceiverRun[],
  { amount, connections, warmup }: { amount: number; connections: number; warmup: number },
): { table: Table; passed: boolean } {
  let passed = true;
  const rows = loadtestChecks(amount).map((check) => [
    check.label,
    check.expected,
    ...runs.map((run) => {
      const { text, ok } = check.cell(run);
      passed &&= ok;
      return `${text} ${ok ? 'ok' : 'FAIL'}`;
    }),
  ]);
  return {
    table: {
      title:
        `Load test: ${formatCount(amount)} requests from ${connections} connections on 127.0.0.1, per receiver ` +
        `(after a warm-up of ${formatCount(warmup)} requests of the same mix)`,
      columns: ['check', 'expected', ...runs.map((run) => run.name)],
      rows,
    },
    passed,
  };
}
