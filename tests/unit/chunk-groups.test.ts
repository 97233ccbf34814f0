/** The web build's chunk groups (src/build/vite/chunk-groups.ts), on a small module graph of the same shape. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkGroups, namedImports } from '../../src/build/vite/chunk-groups';

const ROOT = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(ROOT, file);
const isArco = (specifier: string) => specifier === '@arco-design/web-react';

describe('namedImports', () => {
  it('lists the names imported from the barrel, without types, aliases by their exported name', () => {
    const code = [
      '/**',
      ' * a comment that says import something from here',
      ' */',
      "import { Table, Button as ArcoButton, type TableProps } from '@arco-design/web-react';",
      "import type { SelectProps } from '@arco-design/web-react';",
      "import { useState } from 'react';",
      'import {',
      '  Input,',
      '  Modal,',
      '} from "@arco-design/web-react";',
    ].join('\n');
    expect(namedImports(code, isArco)).toEqual(['Table', 'Button', 'Input', 'Modal']);
  });

  it('a namespace or default import of the barrel takes all of it; no import of it is no answer either', () => {
    expect(namedImports("import * as Arco from '@arco-design/web-react';", isArco)).toBeNull();
    expect(namedImports("import { useState } from 'react';", isArco)).toBeNull();
  });
});

describe('chunkGroups', () => {
  const barrel = at('node_modules/@arco-design/web-react/es/index.js');
  const table = at('node_modules/@arco-design/web-react/es/Table/index.js');
  const tree = at('node_modules/@arco-design/web-react/es/Tree/index.js');
  const input = at('node_modules/@arco-design/web-react/es/Input/index.js');
  const graph: Record<string, { importedIds: string[]; code: string | null }> = {
    [at('src/app/main.tsx')]: { importedIds: [at('src/login.tsx')], code: '' },
    [at('src/login.tsx')]: { importedIds: [barrel], code: "import { Input } from '@arco-design/web-react';" },
    [barrel]: {
      importedIds: [table, tree, input],
      code: "export { default as Table } from './Table';\nexport { default as Tree } from './Tree';\nexport { default as Input } from './Input';",
    },
    [at('src/app/layout/RootLayout.tsx')]: {
      importedIds: [barrel, at('src/layout-part.ts')],
      code: "import { Tree, Input } from '@arco-design/web-react';",
    },
    [at('src/layout-part.ts')]: { importedIds: [], code: '' },
    [at('src/engine/page/crud/CrudPage.tsx')]: {
      importedIds: [barrel, at('src/layout-part.ts')],
      code: "import { Table, Tree } from '@arco-design/web-react';",
    },
    [table]: { importedIds: [], code: '' },
    [tree]: { importedIds: [], code: '' },
    [input]: { importedIds: [], code: '' },
  };
  const name = chunkGroups();
  const ctx = { getModuleInfo: (id: string) => graph[id] ?? null };

  it("the layout's code goes to the shell, a kind's own code to its chunk, through the barrel only what is named", () => {
    expect(name(at('src/app/layout/RootLayout.tsx'), ctx)).toBe('shell');
    expect(name(at('src/layout-part.ts'), ctx)).toBe('shell');
    expect(name(tree, ctx)).toBe('shell');
    expect(name(at('src/engine/page/crud/CrudPage.tsx'), ctx)).toBe('CrudPage');
    expect(name(table, ctx)).toBe('CrudPage');
  });

  it('what the main script loads is left where it is, and so is the barrel itself', () => {
    expect(name(at('src/login.tsx'), ctx)).toBeNull();
    expect(name(input, ctx)).toBeNull();
    expect(name(barrel, ctx)).toBeNull();
  });
});
