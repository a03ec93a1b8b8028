import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startManagementServer, type ManagementServer } from '../../client/test/management-server.js';

/**
 * A stand-in of the service's management API for the enclosing test file, closed after it, its
 * request log emptied before each test; `env` points the CLI at it (`WEBHOOKS_API_KEY`,
 * `WEBHOOKS_BASE_URL`). Read both once the tests run: `const api = useManagementServer(); ... api.env`.
 */
export function useManagementServer(): { readonly server: ManagementServer; readonly env: Record<string, string> } {
  const state: { server?: ManagementServer; env?: Record<string, string> } = {};
  beforeAll(async () => {
    state.server = await startManagementServer();
    state.env = { WEBHOOKS_API_KEY: state.server.apiKey, WEBHOOKS_BASE_URL: state.server.url };
  });
  afterAll(() => state.server?.close());
  beforeEach(() => {
    if (state.server !== undefined) state.server.requests.length = 0;
  });
  return {
    get server() {
      return state.server!;
    },
    get env() {
      return state.env!;
    },
  };
}
