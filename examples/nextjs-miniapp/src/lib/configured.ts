type Route = (request: Request) => Promise<Response>;

/**
 * A route made on its first request and kept for the instance's life: `next build` loads every route
 * file without the variables the app runs with, so nothing that reads them runs at load. A set-up
 * that fails (a variable not set) is answered 500 `not_configured` and logged with how to fix it,
 * never sent to the caller; the next request tries again.
 */
export function configured(setUp: () => Route): Route {
  let route: Route | undefined;
  return async function configuredRoute(request) {
    try {
      route ??= setUp();
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return Response.json({ error: 'not_configured' }, { status: 500 });
    }
    return route(request);
  };
}
