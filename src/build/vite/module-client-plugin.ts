/**
 * Vite plugin: `import declared from '/modules/<id>/module.json?client'` yields only what the web app needs of a
 * module's manifest (its full-screen routes, areas and the screens that open without a login), so the shell collects what modules contribute without bundling their
 * menus and dictionaries, which the server serves.
 */
import type { Plugin } from 'vite';
import { jsonQueryPlugin } from './json-query-plugin';

/** What the web app reads of a module.json. */
export interface ModuleClientDeclarations {
  fullScreenRoutes: string[];
  areas: string[];
  publicPages: ModulePublicPage[];
  tokenlessPaths: string[];
}

/** A screen that opens without a login: a path (and the start of its hash, for a hash route) and its page file. */
export interface ModulePublicPage {
  path: string;
  hash?: string;
  page: string;
}

const publicPages = (value: unknown): ModulePublicPage[] =>
  (Array.isArray(value) ? value : []).flatMap((each: unknown) => {
    const { path, hash, page } = (each ?? {}) as Record<string, unknown>;
    if (typeof path !== 'string' || typeof page !== 'string') return [];
    return [{ path, page, ...(typeof hash === 'string' ? { hash } : {}) }];
  });

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

export function moduleClientPlugin(): Plugin {
  return jsonQueryPlugin({
    name: 'portal-module-client',
    query: '?client',
    generate(parsed) {
      const declarations: ModuleClientDeclarations = {
        fullScreenRoutes: strings(parsed.fullScreenRoutes),
        areas: strings(parsed.areas),
        publicPages: publicPages(parsed.publicPages),
        tokenlessPaths: strings(parsed.tokenlessPaths),
      };
      return `export default ${JSON.stringify(declarations)};`;
    },
  });
}
