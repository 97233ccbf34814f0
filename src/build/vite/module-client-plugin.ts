/**
 * Vite plugin: `import declared from '/modules/<id>/module.json?client'` yields only what the web app needs of a
 * module's manifest (its full-screen routes and areas), so the shell collects what modules contribute without bundling their
 * menus and dictionaries, which the server serves.
 */
import type { Plugin } from 'vite';
import { jsonQueryPlugin } from './json-query-plugin';

/** What the web app reads of a module.json. */
export interface ModuleClientDeclarations {
  fullScreenRoutes: string[];
  areas: string[];
}

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
      };
      return `export default ${JSON.stringify(declarations)};`;
    },
  });
}
