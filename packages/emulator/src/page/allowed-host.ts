const LOOPBACK_NAME = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether a request's `Host` header names the emulator itself. When it listens on loopback (the
 * default), only loopback names are: a web page that rebinds its own domain's DNS to 127.0.0.1 sends
 * its domain in `Host`, so it cannot read the page and its token. Listening on another address
 * (`--host 0.0.0.0`) is a deliberate choice to be reached by other names, so any is accepted then.
 */
export function isAllowedHost(hostHeader: string | undefined, listenHost: string): boolean {
  if (!LOOPBACK_NAME.test(listenHost) && listenHost !== '::1') return true;
  if (hostHeader === undefined) return false;
  const name = hostHeader.replace(/:\d+$/, '');
  return LOOPBACK_NAME.test(name);
}
