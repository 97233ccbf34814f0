/** Debian's Chromium through playwright-core (browsers cannot be downloaded here: see STACK-NOTES.md). */
export { launchChromium as launchBrowser } from '../scripts/chromium';

export const LOGIN_PATH = '/app/login';
/** The login form's account input: rjsf ids are idPrefix (the form id, `login`) + `_` + field name. */
export const LOGIN_INPUT = '[data-testid=login-form] input#login_username';
/** Enabled once the page's scripts run (the prerendered login page shows it disabled until they hydrate it). */
export const LOGIN_SUBMIT = '[data-testid=login-form] button[type=submit]';

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
