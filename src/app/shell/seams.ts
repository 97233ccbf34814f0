/**
 * The app's implementation of the engine's seams: the one HTTP client, toasts, field encryption, permissions, the
 * page's event stream.
 */
import type { EngineSeams } from '../../engine/seams';
import { createHttpClient } from '../http/client';
import {
  clearEverything,
  leaveLoginNotice,
  readStored,
  removeStored,
  storedPermissions,
  writeStored,
} from '../session/storage';
import { createEncryptor } from '../session/encryptor';
import { LOGIN_PATH } from '../guard/route-guard';
import { showToast } from './toast';
import { createEventStream } from '../events/event-stream';

export const BASENAME = '/app';

/** Why the page is on its way to the login page, once it is. */
let leavingForLogin: string | undefined;

/**
 * To the login page, which shows `reason` (a toast here would die with the page). Navigated once: the page's other
 * calls fail at the same moment, and a second navigation would abort the first. The notice is written again on
 * each call, since a handler may have cleared the storage since.
 */
function goToLogin(reason: string) {
  const first = leavingForLogin === undefined;
  leavingForLogin ??= reason;
  leaveLoginNotice(leavingForLogin);
  if (first) window.location.assign(`${BASENAME}${LOGIN_PATH}`);
}

export const notify: EngineSeams['notify'] = {
  success: (content) => void showToast('success', content),
  error: (content) => void showToast('error', content),
};

/** Where the shell's calls go: the browser's fetch, unless a first screen rendered ahead answers them. */
let shellFetch: typeof fetch = (input, init) => window.fetch(input, init);

export function answerShellCallsWith(fetcher: typeof fetch): void {
  shellFetch = fetcher;
}

export const transport = createHttpClient({
  fetch: (input, init) => shellFetch(input, init),
  tokens: {
    access: () => readStored('tokenInfo')?.access_token,
    refresh: () => readStored('tokenInfo')?.refresh_token,
    save: (pair) => writeStored('tokenInfo', pair),
  },
  notify,
  onRefreshFailed(message) {
    removeStored('userInfo');
    removeStored('tokenInfo');
    removeStored('currentMenuList');
    goToLogin(message);
  },
  onSessionInvalid(message) {
    clearEverything();
    goToLogin(message);
  },
});

/** The permission strings loaded with the session (GET /api/user/current/permissions); the server checks anyway. */
const permissions: EngineSeams['permissions'] = {
  has: (permission) => storedPermissions().has(permission),
};

const events = createEventStream({ transport, loggedIn: () => Boolean(readStored('tokenInfo')?.access_token) });

export const seams: EngineSeams = { transport, notify, encryptor: createEncryptor(transport), permissions, events };
