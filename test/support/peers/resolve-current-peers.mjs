// A Node resolve hook (module.register): `bullmq` and `redis`, and their subpaths, resolve to the
// aliases of current-peers.json (`bullmq6`, `redis6`), installed beside the suite in test/package.json.
import peers from './current-peers.json' with { type: 'json' };

const SUITE = new URL('../../package.json', import.meta.url).href;

export function resolve(specifier, context, nextResolve) {
  const slash = specifier.indexOf('/');
  const name = slash === -1 ? specifier : specifier.slice(0, slash);
  if (!Object.hasOwn(peers, name)) return nextResolve(specifier, context);
  const rest = slash === -1 ? '' : specifier.slice(slash);
  return nextResolve(peers[name] + rest, { ...context, parentURL: SUITE });
}
