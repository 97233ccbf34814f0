/**
 * The version check of spec section 4: the portal and two micro-apps each publish a version.json; when any of
 * them differs from what this browser session first saw, the page reloads to pick up the new code. Static files,
 * not API calls: they are read with fetch (a time query defeats caches), not through the API client.
 */
export const VERSION_FILES = ['/app/version.json', '/systemProject/version.json', '/other/version.json'] as const;
const SESSION_KEY = 'portalVersions';

export type Versions = Record<string, string>;

/** The version of each file that answers; a file that is missing or unreadable is left out, never a reason to reload. */
export async function readVersions(fetchFile: (url: string) => Promise<Response> = fetch): Promise<Versions> {
  const versions: Versions = {};
  await Promise.all(
    VERSION_FILES.map(async (file) => {
      try {
        const response = await fetchFile(`${file}?t=${Date.now()}`);
        if (!response.ok) return;
        const body = (await response.json()) as { version?: unknown };
        if (typeof body.version === 'string' || typeof body.version === 'number') versions[file] = String(body.version);
      } catch {
        // offline or not JSON: judged again at the next check
      }
    }),
  );
  return versions;
}

/** True when a file known from before now reports another version. */
export function versionsChanged(before: Versions, now: Versions): boolean {
  return Object.entries(now).some(([file, version]) => before[file] !== undefined && before[file] !== version);
}

/**
 * Compares the current versions with those stored in this session (storing them the first time) and reloads
 * the page when one changed. Returns whether it reloaded.
 */
export async function checkVersions(
  reload: () => void = () => window.location.reload(),
  fetchFile?: (url: string) => Promise<Response>,
): Promise<boolean> {
  const now = await readVersions(fetchFile);
  const stored = sessionStorage.getItem(SESSION_KEY);
  const before = stored ? (JSON.parse(stored) as Versions) : {};
  sessionStorage.setItem(SESSION_KEY, JSON.stringify({ ...before, ...now }));
  if (!versionsChanged(before, now)) return false;
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(now));
  reload();
  return true;
}
