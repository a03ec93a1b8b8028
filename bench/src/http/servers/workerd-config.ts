/** The names the generated config gives its parts; the control fd reports the socket by its name. */
export const WORKERD_SOCKET = 'http';
export const WORKERD_MODULE = 'worker.js';

export interface WorkerdConfigOptions {
  /** The Worker's compatibility date, as its wrangler.toml would give it. */
  readonly compatibilityDate: string;
  /** Where the socket listens; port 0 lets the kernel pick a free one, which the control fd reports. */
  readonly address: string;
  /** The Worker's compatibility flags (`nodejs_compat` for a Worker that needs Node's APIs). Default none. */
  readonly compatibilityFlags?: readonly string[];
}

/**
 * A workerd config in Cap'n Proto text: one service, a single `modules` Worker whose entry is
 * `worker.js` beside the config file (embedded when workerd reads the config), and one plain HTTP
 * socket in front of it. Nothing else: no entry worker or proxy of Miniflare's, so a request goes
 * from the socket to the Worker's `fetch` and back.
 */
export function workerdConfig(options: WorkerdConfigOptions): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .mainWorker) ],
  sockets = [ (name = ${JSON.stringify(WORKERD_SOCKET)}, address = ${JSON.stringify(options.address)}, http = (), service = "main") ],
);

const mainWorker :Workerd.Worker = (
  modules = [ (name = ${JSON.stringify(WORKERD_MODULE)}, esModule = embed ${JSON.stringify(WORKERD_MODULE)}) ],
  compatibilityDate = ${JSON.stringify(options.compatibilityDate)},
  compatibilityFlags = ${JSON.stringify(options.compatibilityFlags ?? [])},
);
`;
}
