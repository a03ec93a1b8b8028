// CPU per Ed25519 verification on this runtime with each primitive the Mini App sender can use:
// `node:crypto`'s `verify` (its choice on Node, Bun and Deno) and Web Crypto's (workerd's). Run alone, on an idle
// machine: `pnpm exec tsx bench/src/in-process/ed25519-primitives.ts`, or with `bun` or `deno run` (prints µs of CPU each).
import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

const VERIFICATIONS = 3_000;
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const spki = publicKey.export({ format: 'der', type: 'spki' });
const raw = spki.subarray(12);
const message = new TextEncoder().encode('eyJmaWQiOjMsInR5cGUiOiJhcHBfa2V5In0.eyJldmVudCI6Im1pbmlhcHBfYWRkZWQifQ');
const signature = sign(null, message, privateKey);

function cpuMicros(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / VERIFICATIONS;
}

const nodeKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
let start = process.cpuUsage();
for (let index = 0; index < VERIFICATIONS; index++) if (!verify(null, message, nodeKey, signature)) throw new Error('node:crypto refused');
const nodeMicros = cpuMicros(start);

const webKey = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
start = process.cpuUsage();
for (let index = 0; index < VERIFICATIONS; index++) {
  if (!(await crypto.subtle.verify({ name: 'Ed25519' }, webKey, signature, message))) throw new Error('Web Crypto refused');
}
const webMicros = cpuMicros(start);

console.log(`Ed25519, ${VERIFICATIONS} verifications each, µs of CPU per verification (${process.version}):`);
console.log(`  node:crypto verify  ${nodeMicros.toFixed(1)}`);
console.log(`  Web Crypto verify   ${webMicros.toFixed(1)}`);
