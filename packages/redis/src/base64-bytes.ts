// Bytes to base64 and back with btoa and atob, which every runtime the stores run on has (Node,
// Bun, Deno, Workers, Vercel's Edge): a record's body is binary, and a Lua string travels as text
// through node-redis and as JSON through Upstash's REST API.

const CHUNK = 0x8000;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
