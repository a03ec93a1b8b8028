import { parseServerSpec } from './http/servers/server-names.js';

// The child process of the HTTP section: `<runtime> dist/serve.js <runtime> <app>` runs one server
// under test alone in its process (node, bun or deno; workerd's is started from Node), prints
// `listening <port>`, and stops on SIGTERM. Each runtime's module is loaded only on that runtime.
const argv = typeof process === 'object' ? process.argv : [];
const spec = parseServerSpec(argv[2], argv[3]);
let port: number;
if (spec.runtime === 'bun') port = (await import('./http/servers/serve-bun.js')).serveBun(spec.app);
else if (spec.runtime === 'deno') port = await (await import('./http/servers/serve-deno.js')).serveDeno(spec.app);
else if (spec.runtime === 'workerd') port = await (await import('./http/servers/serve-workerd.js')).serveWorkerd(spec.app);
else port = await (await import('./http/servers/serve-node.js')).serveNode(spec.app);
// Bun and Deno stop on SIGTERM without their exit hooks; an orderly exit lets `--cpu-prof` write its profile.
if (spec.runtime === 'bun' || spec.runtime === 'deno') process.once('SIGTERM', () => process.exit(0));
console.log(`listening ${port}`);
