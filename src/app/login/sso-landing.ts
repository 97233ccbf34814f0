/**
 * Where single sign-on lands (spec section 4): a `menuHref` given by the identity provider wins; otherwise the
 * configured default menu; without one, administrators (a role whose enname contains 'admin') reach the
 * message business system and everyone else the data warehouse.
 */
import type { CurrentUser } from '../../shared/envelope';

export const SSO_ADMIN_FALLBACK = '/message/index';
export const SSO_USER_FALLBACK = '/dataCenter/index';

export function isAdministrator(user: Pick<CurrentUser, 'roles'>): boolean {
  return (user.roles ?? []).some((role) => role.enname?.includes('admin'));
}

export function ssoLanding(
  user: Pick<CurrentUser, 'roles'>,
  defaultMenu: string | undefined,
  menuHref: string | null | undefined,
): string {
  if (menuHref && menuHref.startsWith('/') && !menuHref.startsWith('//')) return menuHref;
  if (defaultMenu) return defaultMenu;
  return isAdministrator(user) ? SSO_ADMIN_FALLBACK : SSO_USER_FALLBACK;
}
