/** Logging in as the demo administrator for the API figures, and the shape of one load run's result (bench/load.ts). */
import { loginOverHttp } from '../scripts/portal-login';
import { CAPTCHA } from './server';

/** Logs in (by default as the demo administrator of DESIGN.md) with the bench server's fixed captcha. */
export function loginForToken(
  origin: string,
  user: { username: string; password: string } = { username: 'admin', password: 'Admin@2026' },
): Promise<string> {
  return loginOverHttp(origin, { ...user, captcha: CAPTCHA });
}

export interface RateResult {
  label: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Answers that were not msgCode 0 (an HTTP 200 carrying an error envelope). */
  mismatches: number;
}
