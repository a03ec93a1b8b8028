import { parseArgs } from 'node:util';
import { loadtestTable } from './loadtest/report.js';
import { runReceiver, type ReceiverRun } from './loadtest/run-receiver.js';
import { describeLoad, describeMachine } from './support/machine.js';
import { renderTable } from './support/table.js';

// `node dist/loadtest.js [--amount N] [--connections N] [--warmup N] [--deadline SECONDS]`: drives both example
// receivers in turn, prints one table, and exits 1 if any check failed.
const { values } = parseArgs({
  options: {
    amount: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '4000' },
    deadline: { type: 'string', default: '600' },
  },
});
const amount = Number(values.amount);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const deadlineMs = Number(values.deadline) * 1000;

console.log(`# pnpm loadtest\n\n${describeMachine()}; ${describeLoad()} at the start.\n`);
const runs: ReceiverRun[] = [];
for (const example of ['express-receiver', 'hono-receiver']) {
  console.log(`driving ${example} ...`);
  runs.push(await runReceiver(example, { amount, warmup, connections, deadlineMs }));
}
const { table, passed } = loadtestTable(runs, { amount, connections, warmup });
console.log(`\n${renderTable(table)}`);
console.log(`${describeLoad()} at the end.\n${passed ? 'Load test passed.' : 'Load test FAILED.'}`);
process.exitCode = passed ? 0 : 1;
