/**
 * The routes of the web app (relative to its basename, /app) that render outside the logged-in layout: the login
 * page, the gateway, the CAS landing and the root (which sends on). Every other route is inside the layout: the main
 * script starts the layout's reads for it, and the server answers it the page that also preloads the layout's code
 * (layout.html, src/build/vite/layout-page-plugin.ts).
 */
export const GATEWAY_PATH = '/gateway-page';
export const LOGIN_PATH = '/login';

export function insideLayout(route: string): boolean {
  return ![LOGIN_PATH, GATEWAY_PATH, '/cas', '/'].includes(route) && !route.startsWith('/cas/');
}
