/**
 * The /api routes as 'METHOD /api/path', by the access each declares in its defineRoute (src/server/http/route.ts),
 * read from an app built and closed for it: for a test file that makes one test per route, at its top
 * (`const { ADMIN_ROUTES } = await routeAccessTable();`).
 */
import { createTestApp } from './app';

export interface RouteAccessTable {
  /** Her routes: they need her session. */
  ADMIN_ROUTES: string[];
  /** Every other /api route: public, a private token's or a signed webhook's. */
  PUBLIC_ROUTES: string[];
}

export async function routeAccessTable(): Promise<RouteAccessTable> {
  const test = await createTestApp();
  try {
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    const routes = test.app.apiRoutes;
    return {
      ADMIN_ROUTES: routes.filter((r) => r.access === 'admin').map(key),
      PUBLIC_ROUTES: routes.filter((r) => r.access !== 'admin').map(key),
    };
  } finally {
    await test.close();
  }
}
