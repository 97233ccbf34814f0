import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSchemaTree } from '../../src/build/check/check-schemas';

const schemasDir = join(import.meta.dirname, '../../schemas');
const copies: string[] = [];

/** A temporary copy of schemas/ with one file changed by `edit`. */
function brokenCopy(file: string, edit: (content: Record<string, any>) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'schemas-'));
  copies.push(root);
  const copy = join(root, 'schemas');
  cpSync(schemasDir, copy, { recursive: true });
  const path = join(copy, file);
  const content = JSON.parse(readFileSync(path, 'utf8'));
  edit(content);
  writeFileSync(path, JSON.stringify(content));
  return copy;
}

afterEach(() => {
  for (const root of copies.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('schemas:check', () => {
  it('passes every schema file of the project', () => {
    expect(checkSchemaTree(schemasDir)).toEqual([]);
  });

  it.each([
    [
      'a misspelt message keyword',
      (form: Record<string, any>) => (form.schema.properties.username.errorMessage.requried = '请输入账号'),
      '/schema/properties/username/errorMessage/requried',
    ],
    [
      'a message for a rule the field does not have',
      (form: Record<string, any>) => (form.schema.properties.username.errorMessage.pattern = '格式不正确'),
      '/schema/properties/username/errorMessage/pattern',
    ],
    [
      'an unknown widget',
      (form: Record<string, any>) => (form.uiSchema.password['ui:widget'] = 'passwrd'),
      '/uiSchema/password/ui:widget',
    ],
    [
      'a uiSchema entry for a field that does not exist',
      (form: Record<string, any>) => (form.uiSchema.usernme = { 'ui:placeholder': 'x' }),
      '/uiSchema/usernme',
    ],
    ['an unknown top-level key', (form: Record<string, any>) => (form.submitTxt = '登录'), '/submitTxt'],
    ['an invalid API method', (form: Record<string, any>) => (form.submit.method = 'FETCH'), '/submit/method'],
    ['an id that is not the file name', (form: Record<string, any>) => (form.id = 'signin'), '/id'],
    ['a missing kind', (form: Record<string, any>) => delete form.kind, '/kind'],
    ['an invalid regex', (form: Record<string, any>) => (form.schema.properties.username.pattern = '(['), '/schema'],
    [
      'a field to clear that does not exist',
      (form: Record<string, any>) => (form.clearOnFailure = ['captcha']),
      '/clearOnFailure/0',
    ],
    [
      'a showWhen naming a field that does not exist',
      (form: Record<string, any>) =>
        (form.uiSchema.password['ui:options'] = { showWhen: { field: 'usernme', equals: 'x' } }),
      '/uiSchema/password/ui:options/showWhen/field',
    ],
  ])('reports %s with its pointer', (_name, edit, pointer) => {
    const faults = checkSchemaTree(brokenCopy('forms/login.json', edit));
    expect(faults.map((fault) => fault.pointer)).toContain(pointer);
    expect(faults.every((fault) => fault.file === 'schemas/forms/login.json')).toBe(true);
    expect(faults.every((fault) => fault.message.length > 0)).toBe(true);
  });

  it('reports a file that is not JSON', () => {
    const copy = brokenCopy('forms/login.json', () => undefined);
    writeFileSync(join(copy, 'forms/login.json'), '{ "kind": "form", ');
    expect(checkSchemaTree(copy)).toEqual([
      expect.objectContaining({
        file: 'schemas/forms/login.json',
        pointer: '',
        message: expect.stringContaining('JSON'),
      }),
    ]);
  });

  it('reports a dialog whose form does not exist', () => {
    const copy = brokenCopy('forms/login.json', () => undefined);
    mkdirSync(join(copy, 'dialogs'), { recursive: true });
    writeFileSync(
      join(copy, 'dialogs/phone-login.json'),
      JSON.stringify({ kind: 'dialog', id: 'phone-login', title: '手机号登录', width: 418, form: 'no-such-form' }),
    );
    expect(checkSchemaTree(copy)).toEqual([
      expect.objectContaining({ file: 'schemas/dialogs/phone-login.json', pointer: '/form' }),
    ]);
  });

  it('reports a tabs page naming a page that does not exist, and a chart panel of an unknown type', () => {
    const copy = brokenCopy('pages/workbench.json', (page) => (page.panels[3].widget = 'radar'));
    writeFileSync(
      join(copy, 'pages/site-safety.json'),
      JSON.stringify({
        kind: 'tabs',
        id: 'site-safety',
        title: '安全管理',
        tabs: [
          { title: '字典', page: 'dictionary' },
          { title: '隐患', page: 'no-such-page' },
        ],
      }),
    );
    const faults = checkSchemaTree(copy);
    expect(faults).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'schemas/pages/workbench.json', pointer: '/panels/3/widget' }),
        expect.objectContaining({ file: 'schemas/pages/site-safety.json', pointer: '/tabs/1/page' }),
      ]),
    );
    expect(faults).toHaveLength(2);
  });

  it("checks a module folder's page and form files like the others, ids unique across both", () => {
    const copy = brokenCopy('forms/login.json', () => undefined);
    const pages = join(copy, '../modules/labour/pages');
    mkdirSync(pages, { recursive: true });
    writeFileSync(join(pages, 'workers.json'), JSON.stringify({ kind: 'custom', id: 'workers', title: '劳务人员' }));
    writeFileSync(
      join(pages, 'dictionary.json'),
      JSON.stringify({ kind: 'custom', id: 'dictionary', title: '字典', renderer: 'dict' }),
    );
    const faults = checkSchemaTree(copy);
    expect(faults).toEqual([
      expect.objectContaining({ file: 'modules/labour/pages/dictionary.json', pointer: '/id' }),
      expect.objectContaining({ file: 'modules/labour/pages/workers.json', pointer: '' }),
    ]);
  });

  it("reports a module's icon file that is more than a picture, one the core has, and a menu naming an unknown icon", () => {
    const copy = brokenCopy('seed/menus.json', (seed) => (seed.menus[1].icon = 'icon-nowhere'));
    const module = join(copy, '../modules/sample');
    mkdirSync(join(module, 'icons'), { recursive: true });
    const picture = '<svg viewBox="0 0 48 48"><path d="M6 6h36"/></svg>';
    writeFileSync(join(module, 'icons/sample.svg'), picture);
    writeFileSync(join(module, 'icons/home.svg'), picture);
    writeFileSync(join(module, 'icons/bad.svg'), '<svg viewBox="0 0 48 48" onload="alert(1)"><script/></svg>');
    writeFileSync(join(module, 'icons/Big.svg'), picture);
    writeFileSync(
      join(module, 'module.json'),
      JSON.stringify({
        kind: 'module',
        id: 'sample',
        title: '示例',
        menus: [
          {
            items: [
              {
                id: 'sample',
                name: '示例',
                icon: 'icon-sample',
                children: [{ id: 's', name: 's', highlightIcon: 'icon-none' }],
              },
            ],
          },
        ],
      }),
    );
    expect(checkSchemaTree(copy)).toEqual([
      expect.objectContaining({ file: 'modules/sample/icons/Big.svg', message: expect.stringContaining('小写') }),
      expect.objectContaining({ file: 'modules/sample/icons/bad.svg', message: '不能包含 <script>' }),
      expect.objectContaining({ file: 'modules/sample/icons/bad.svg', message: '不能包含事件属性（on...）' }),
      expect.objectContaining({ file: 'modules/sample/icons/home.svg', message: '图标 icon-home 已由核心提供' }),
      expect.objectContaining({ file: 'schemas/seed/menus.json', pointer: '/menus/1/icon' }),
      expect.objectContaining({
        file: 'modules/sample/module.json',
        pointer: '/menus/0/items/0/children/0/highlightIcon',
      }),
    ]);
  });

  it("lets pages and forms name a module's panel types and widgets, and reports clashes and unknown names", () => {
    const copy = brokenCopy('forms/login.json', () => undefined);
    const module = join(copy, '../modules/sample');
    for (const folder of ['widgets', 'panels', 'pages', 'forms']) mkdirSync(join(module, folder), { recursive: true });
    const code = 'export default function Part() { return null; }';
    for (const file of [
      'widgets/plate.tsx',
      'widgets/select.tsx',
      'widgets/Bad.tsx',
      'panels/ring.tsx',
      'panels/bar.tsx',
    ])
      writeFileSync(join(module, file), code);
    writeFileSync(join(module, 'module.json'), JSON.stringify({ kind: 'module', id: 'sample', title: '示例' }));
    writeFileSync(
      join(module, 'forms/sample-form.json'),
      JSON.stringify({
        kind: 'form',
        id: 'sample-form',
        schema: { type: 'object', properties: { plate: { type: 'string' }, other: { type: 'string' } } },
        uiSchema: { plate: { 'ui:widget': 'plate' }, other: { 'ui:widget': 'plates' } },
      }),
    );
    writeFileSync(
      join(module, 'pages/sample-board.json'),
      JSON.stringify({
        kind: 'dashboard',
        id: 'sample-board',
        title: '示例看板',
        panels: [
          { id: 'a', title: '环', widget: 'ring', options: { max: 10 } },
          { id: 'b', title: '雷达', widget: 'radar' },
        ],
      }),
    );
    expect(checkSchemaTree(copy)).toEqual([
      expect.objectContaining({
        file: 'modules/sample/widgets/Bad.tsx',
        message: expect.stringContaining('小写字母开头'),
      }),
      expect.objectContaining({ file: 'modules/sample/widgets/select.tsx', message: '表单控件 "select" 已由核心提供' }),
      expect.objectContaining({ file: 'modules/sample/panels/bar.tsx', message: '看板面板类型 "bar" 已由核心提供' }),
      expect.objectContaining({ file: 'modules/sample/forms/sample-form.json', pointer: '/uiSchema/other/ui:widget' }),
      expect.objectContaining({ file: 'modules/sample/pages/sample-board.json', pointer: '/panels/1/widget' }),
    ]);
  });

  it('reports what a month sheet names that its collection lacks, and a dashboard filter form that does not exist', () => {
    const copy = brokenCopy('pages/workbench.json', (page) => (page.filter = { form: 'no-such-filter' }));
    const labour = join(copy, '../modules/labour');
    mkdirSync(join(labour, 'collections'), { recursive: true });
    mkdirSync(join(labour, 'pages'), { recursive: true });
    for (const id of ['labour-worker', 'labour-attendance'])
      cpSync(join(schemasDir, `../modules/labour/collections/${id}.json`), join(labour, `collections/${id}.json`));
    // The hazards an approval process refers to (with what they refer to), so only the sheet's faults are reported.
    cpSync(join(schemasDir, '../modules/safety/collections'), join(copy, '../modules/safety/collections'), {
      recursive: true,
    });
    const sheet = JSON.parse(
      readFileSync(join(schemasDir, '../modules/labour/pages/labour-attendance-sheet.json'), 'utf8'),
    );
    delete sheet.search;
    sheet.rows.fields = [{ field: 'salary', title: '工资' }];
    sheet.dateField = 'clockIn';
    sheet.value.field = 'remark';
    writeFileSync(join(labour, 'pages/labour-attendance-sheet.json'), JSON.stringify(sheet));
    writeFileSync(
      join(labour, 'pages/other-sheet.json'),
      JSON.stringify({ ...sheet, id: 'other-sheet', collection: 'no-such-collection' }),
    );
    expect(checkSchemaTree(copy)).toEqual([
      expect.objectContaining({ file: 'schemas/pages/workbench.json', pointer: '/filter/form' }),
      expect.objectContaining({
        file: 'modules/labour/pages/labour-attendance-sheet.json',
        pointer: '/rows/fields/0/field',
        message: '集合 "labour-attendance" 没有保存的字段 "salary"',
      }),
      expect.objectContaining({ pointer: '/dateField', message: '字段 "clockIn" 不是日期' }),
      expect.objectContaining({ pointer: '/value/field', message: '字段 "remark" 不是数值' }),
      expect.objectContaining({ file: 'modules/labour/pages/other-sheet.json', pointer: '/collection' }),
    ]);
  });

  it("reports a list's detail page that does not exist and a status step's missing form", () => {
    const copy = brokenCopy('pages/project.json', (page) => (page.detail.page = 'no-such-detail'));
    const detail = JSON.parse(readFileSync(join(copy, 'pages/project-detail.json'), 'utf8'));
    detail.actions = [
      { label: '停工', when: ['1'], form: 'no-such-form', submit: { api: { method: 'POST', url: '/api/x/{id}' } } },
    ];
    writeFileSync(join(copy, 'pages/project-detail.json'), JSON.stringify(detail));
    expect(checkSchemaTree(copy)).toEqual([
      expect.objectContaining({ file: 'schemas/pages/project-detail.json', pointer: '/actions/0/form' }),
      expect.objectContaining({ file: 'schemas/pages/project.json', pointer: '/detail/page' }),
    ]);
  });

  it("reports a related list's action whose form does not exist", () => {
    const copy = brokenCopy('pages/project-detail.json', (detail) => {
      detail.related = [
        {
          title: '参建单位',
          api: { method: 'GET', url: '/api/x' },
          columns: [{ field: 'name', title: '名称' }],
          actions: [
            { label: '添加', form: 'no-such-form', submit: { api: { method: 'POST', url: '/api/x' } } },
            { label: '编辑', row: true, form: 'no-such-form', submit: { api: { method: 'PUT', url: '/api/x/{id}' } } },
          ],
        },
      ];
    });
    expect(checkSchemaTree(copy)).toEqual([
      expect.objectContaining({ file: 'schemas/pages/project-detail.json', pointer: '/related/0/actions/0/form' }),
      expect.objectContaining({ file: 'schemas/pages/project-detail.json', pointer: '/related/0/actions/1/form' }),
    ]);
  });
});
