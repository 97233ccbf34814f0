/** Cell texts shared by the CRUD page and the Excel export. */
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/shared/cell-text';

const row = {
  createDate: '2026-11-21T16:30:05Z',
  status: '1',
  useable: '0',
  roles: [{ name: '系统管理员' }, { name: '施工员' }],
  office: { name: '信息管理部' },
  empty: null,
};

describe('cellText', () => {
  it('writes times in the given zone, dates and times zero-padded', () => {
    expect(cellText({ field: 'createDate', format: 'datetime' }, row, 'Asia/Shanghai')).toBe('2026-11-22 00:30:05');
    expect(cellText({ field: 'createDate', format: 'date' }, row, 'Asia/Shanghai')).toBe('2026-11-22');
    expect(cellText({ field: 'createDate', format: 'datetime' }, row, 'UTC')).toBe('2026-11-21 16:30:05');
  });

  it('maps codes, says 是/否, joins lists and follows dot paths', () => {
    expect(cellText({ field: 'status', format: 'map', map: { '1': '在建' } }, row)).toBe('在建');
    expect(cellText({ field: 'status', format: 'map', map: {} }, row)).toBe('1');
    expect(cellText({ field: 'useable', format: 'yesno' }, row)).toBe('否');
    expect(cellText({ field: 'status', format: 'yesno' }, row)).toBe('是');
    expect(cellText({ field: 'roles', format: 'list', listField: 'name' }, row)).toBe('系统管理员、施工员');
    expect(cellText({ field: 'office.name' }, row)).toBe('信息管理部');
    expect(cellText({ field: 'empty' }, row)).toBe('');
    expect(cellText({ field: 'createDate', format: 'date' }, { createDate: 'not a date' })).toBe('not a date');
  });
});
