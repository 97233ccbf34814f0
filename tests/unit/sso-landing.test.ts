import { describe, expect, it } from 'vitest';
import { SSO_ADMIN_FALLBACK, SSO_USER_FALLBACK, isAdministrator, ssoLanding } from '../../src/app/login/sso-landing';

const admin = { roles: [{ id: 'r1', name: '系统管理员', enname: 'admin' }] };
const companyAdmin = { roles: [{ id: 'r2', name: '公司管理员', enname: 'sysadmin' }] };
const staff = { roles: [{ id: 'r3', name: '现场人员', enname: 'siteStaff' }] };

describe('single sign-on landing (spec section 4)', () => {
  it('an administrator is a user with a role whose enname contains admin', () => {
    expect(isAdministrator(admin)).toBe(true);
    expect(isAdministrator(companyAdmin)).toBe(true);
    expect(isAdministrator(staff)).toBe(false);
    expect(isAdministrator({ roles: [] })).toBe(false);
  });

  it('a menuHref given by the identity provider wins', () => {
    expect(ssoLanding(staff, '/work-bench', '/process/todo')).toBe('/process/todo');
  });

  it('ignores a menuHref that would leave the portal', () => {
    expect(ssoLanding(staff, '/work-bench', 'https://evil.example')).toBe('/work-bench');
    expect(ssoLanding(staff, '/work-bench', '//evil.example')).toBe('/work-bench');
  });

  it('otherwise everyone goes to the configured default menu', () => {
    expect(ssoLanding(admin, '/work-bench', null)).toBe('/work-bench');
    expect(ssoLanding(staff, '/work-bench', null)).toBe('/work-bench');
  });

  it('without one, administrators reach the message system and others the data warehouse', () => {
    expect(ssoLanding(admin, undefined, null)).toBe(SSO_ADMIN_FALLBACK);
    expect(ssoLanding(staff, '', null)).toBe(SSO_USER_FALLBACK);
  });
});
