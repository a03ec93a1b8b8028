import { runDemo } from './run-demo.js';

const report = await runDemo();
console.log(report.lines.join('\n'));
process.exitCode = report.ok ? 0 : 1;
