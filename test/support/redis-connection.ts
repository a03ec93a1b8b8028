/** `{ host, port }` of a `redis://host:port` URL, as BullMQ's `connection` option takes it. */
export function redisConnection(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
}
