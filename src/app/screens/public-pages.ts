/** Which module screen opens without a login at a URL (module.json `publicPages`), for the routes and the screen. */
import { modulePublicPages } from './module-declarations';

const bare = (path: string) => path.replace(/\/+$/, '') || '/';

/** The public page declared for a path and hash (`/ldview/` with `#/release-page/<id>`), if any. */
export function publicPageFor(pathname: string, hash: string): string | undefined {
  return modulePublicPages.find(
    (declared) => bare(declared.path) === bare(pathname) && (!declared.hash || hash.startsWith(declared.hash)),
  )?.page;
}
