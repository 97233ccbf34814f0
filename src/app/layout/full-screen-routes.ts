/** Routes that fill the screen (big screens, shared device views, BIM viewers, ...): minimum width 600px. */
const FULL_SCREEN_PREFIXES = [
  '/screen',
  '/ldview',
  '/bim',
  '/weighbridge/home',
  '/ldv/',
  '/ldf/fill_data',
  '/ldf/task',
];

export function isFullScreenRoute(path: string): boolean {
  return FULL_SCREEN_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}
