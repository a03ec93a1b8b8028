import type { AddressInfo } from 'node:net';
import { isServerVariant, SERVER_VARIANTS } from './server-variants.js';

/**
 * The child process of the HTTP benchmark (`bench.js serve <variant>`): one server under test,
 * alone in its event loop, so the load generator in the parent never competes with it for a turn.
 * Prints `listening <port>` once ready; stops on SIGTERM.
 */
export async function serveVariant(name: string | undefined): Promise<void> {
  if (!isServerVariant(name)) {
    throw new Error(`unknown server "${name}"; use one of ${Object.keys(SERVER_VARIANTS).join(', ')}`);
  }
  const server = (await SERVER_VARIANTS[name]()).listen();
  server.once('listening', () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`);
  });
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
