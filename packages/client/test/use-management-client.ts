import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createClient, type Client } from '../src/create-client.js';
import { startManagementServer, type ManagementServer } from './management-server.js';

/** The server and the client a test file shares; both are there once `beforeAll` has run. */
export interface ManagementClientSetup {
  readonly server: ManagementServer;
  readonly client: Client;
}

/**
 * Registers the hooks every client test file needs: a management server on loopback started before
 * its tests and closed after them, a client with the server's API key, and the recorded requests
 * cleared before each test so a test asserts on its own requests only. Call it at the top of the
 * file and read `server` and `client` inside the tests (they are set by `beforeAll`).
 */
export function useManagementClient(): ManagementClientSetup {
  const setup = {} as { server: ManagementServer; client: Client };
  beforeAll(async () => {
    setup.server = await startManagementServer();
    setup.client = createClient({ apiKey: setup.server.apiKey, baseUrl: setup.server.url });
  });
  afterAll(() => setup.server.close());
  beforeEach(() => {
    setup.server.requests.length = 0;
  });
  return setup;
}
