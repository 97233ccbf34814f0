/**
 * The route guard of spec section 2 as a pure decision: decideRoute(path, hash, loggedIn, doors), with the doors
 * the installed modules declare (module.json `tokenlessPaths` and `publicPages`), read from their files here: the
 * spec's exceptions hold as long as the modules that own those screens declare them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decideRoute as decideWith,
  DEFAULT_MENU,
  GATEWAY_PATH,
  LOGIN_PATH,
  type TokenlessDoors,
} from '../../src/app/guard/route-guard';

const MODULES = path.resolve(import.meta.dirname, '../../modules');
const manifests = readdirSync(MODULES).flatMap((id) => {
  try {
    return [
      JSON.parse(readFileSync(path.join(MODULES, id, 'module.json'), 'utf8')) as Partial<Record<string, unknown>>,
    ];
  } catch {
    return [];
  }
});
const DOORS: TokenlessDoors = {
  paths: manifests.flatMap((manifest) => (manifest.tokenlessPaths as string[] | undefined) ?? []),
  publicPages: manifests.flatMap(
    (manifest) => (manifest.publicPages as { path: string; hash?: string }[] | undefined) ?? [],
  ),
};
const decideRoute = (route: string, hash: string, loggedIn: boolean) => decideWith(route, hash, loggedIn, DOORS);

const toGateway = { allow: false, redirectTo: '/gateway-page' };
const allowed = { allow: true };

describe('constants', () => {
  it('names the spec paths', () => {
    expect(GATEWAY_PATH).toBe('/gateway-page');
    expect(LOGIN_PATH).toBe('/login');
    expect(DEFAULT_MENU).toBe('/work-bench');
  });
});

describe('without a stored token', () => {
  it.each(['/login', '/gateway-page', '/cas'])('public route %s is allowed', (path) => {
    expect(decideRoute(path, '', false)).toEqual(allowed);
  });

  it('/cas with a token in the query string is allowed (the query is not part of the path)', () => {
    expect(decideRoute('/cas', '', false)).toEqual(allowed);
  });

  it.each(['/ldv/chart_viewer', '/ldf/task', '/ldf/fill_data'])('exception %s is allowed', (path) => {
    expect(decideRoute(path, '', false)).toEqual(allowed);
  });

  it.each(['/ldv/chart_viewer/42', '/ldf/task/7', '/ldf/fill_data/abc'])('below exception %s is allowed', (path) => {
    expect(decideRoute(path, '', false)).toEqual(allowed);
  });

  it.each(['/ldf/taskboard', '/ldf/other', '/ldv/other', '/ldf/fill_data_export'])(
    '%s merely sharing a prefix is not an exception',
    (path) => {
      expect(decideRoute(path, '', false)).toEqual(toGateway);
    },
  );

  it('a release page of /ldview (in the hash) is allowed', () => {
    expect(decideRoute('/ldview/', '#/release-page/123', false)).toEqual(allowed);
    expect(decideRoute('/ldview/', '#/release-page/', false)).toEqual(allowed);
  });

  it('/ldview with any other hash goes to the gateway page', () => {
    expect(decideRoute('/ldview/', '#/edit-page/123', false)).toEqual(toGateway);
    expect(decideRoute('/ldview/', '', false)).toEqual(toGateway);
    expect(decideRoute('/ldview', '', false)).toEqual(toGateway);
  });

  it('release-page outside the hash of /ldview/ does not open the door', () => {
    expect(decideRoute('/work-bench', '#/release-page/1', false)).toEqual(toGateway);
  });

  it('the root path goes to the gateway page', () => {
    expect(decideRoute('/', '', false)).toEqual(toGateway);
    expect(decideRoute('', '', false)).toEqual(toGateway);
  });

  it.each([
    '/work-bench',
    '/screen',
    '/ldview',
    '/process/todo',
    '/process/category',
    '/message/list',
    '/systemProject/user',
    '/bim/viewer',
    '/weighbridge/home',
    '/some/unknown/menu',
  ])('protected route %s goes to the gateway page', (path) => {
    expect(decideRoute(path, '', false)).toEqual(toGateway);
  });
});

describe('logged in', () => {
  it('login redirects to /', () => {
    expect(decideRoute('/login', '', true)).toEqual({ allow: false, redirectTo: '/' });
  });

  it('the root path goes to the default menu /work-bench', () => {
    expect(decideRoute('/', '', true)).toEqual({ allow: false, redirectTo: '/work-bench' });
  });

  it('login then root lands on the work bench in two steps, without a loop', () => {
    const first = decideRoute('/login', '', true);
    expect(first.allow).toBe(false);
    const second = decideRoute(first.allow ? '' : first.redirectTo, '', true);
    expect(second).toEqual({ allow: false, redirectTo: '/work-bench' });
    expect(decideRoute('/work-bench', '', true)).toEqual(allowed);
  });

  it.each([
    '/work-bench',
    '/screen',
    '/ldview',
    '/process/todo',
    '/process/category',
    '/ldhw/a',
    '/lag/b',
    '/jw/c',
    '/ldf/d',
    '/message/x',
    '/knowledgeMap/x',
    '/dataOperation/x',
    '/systemProject/office',
    '/aplicationCenter/x',
    '/iotDevices/x',
    '/weighbridge/home',
    '/detachmodel/x',
  ])('protected route %s is allowed', (path) => {
    expect(decideRoute(path, '', true)).toEqual(allowed);
  });

  it.each(['/gateway-page', '/cas', '/ldv/chart_viewer', '/ldf/task', '/ldf/fill_data'])(
    'public route %s stays open',
    (path) => {
      expect(decideRoute(path, '', true)).toEqual(allowed);
    },
  );

  it('the release page stays open', () => {
    expect(decideRoute('/ldview/', '#/release-page/9', true)).toEqual(allowed);
  });
});

describe('look-alikes of public routes are protected', () => {
  it.each(['/cassandra', '/casx', '/login2'])('%s without a token goes to the gateway page', (path) => {
    expect(decideRoute(path, '', false)).toEqual({ allow: false, redirectTo: '/gateway-page' });
  });

  it('a path under /cas stays open', () => {
    expect(decideRoute('/cas/callback', '', false)).toEqual({ allow: true });
  });
});
