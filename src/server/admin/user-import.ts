/**
 * Excel import of users (POST /api/user/v1.0/importUserInfo) and its template (GET /api/user/v1.0/importTemplate).
 *
 * All or nothing: every row is checked with the rules of the user form (schemas/forms/admin-user.json, the same
 * file the browser dialog validates with, so a rule and its message are written once), then office, roles,
 * duplicate login names and mobiles (within the file and against the database). Any bad row: nothing is
 * imported and the answer lists every error with its Excel row number. All good: every user is inserted in ONE
 * transaction, in batches, each with password_must_change.
 *
 * Speed (1,000 rows): argon2id costs ~10 ms per hash here, so each distinct initial password is hashed once
 * per file (an administrator usually gives a whole batch the same one; the users must change it at their first
 * login anyway) and distinct ones are hashed four at a time (libuv's thread pool size).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type ExcelJS from 'exceljs';
import { formAjvOptions } from '../../shared/ajv-options.js';
import { dropBlankStrings, type JsonSchemaNode } from '../../shared/schema-messages.js';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { refreshPlannerStatistics } from '../db/statistics.js';
import { schemasDir } from '../paths.js';
import { newId } from './common.js';
import type { AdminOffices } from './offices.js';
import { officeInScope, ownCompany } from '../accounts/data-scope.js';
import { roleAssignable } from './roles.js';
import { toFieldErrors } from '../lib/form-validation.js';
import { hashPassword } from '../accounts/passwords.js';
import type { DataScope } from '../accounts/data-scope.js';
import { loadExcel } from '../lib/excel.js';
import { DomainError } from '../domain-error.js';

export interface ImportError {
  /** The Excel row number (the header is row 1). */
  row: number;
  /** The user form's field (`loginName`, `officeId`, `roleIds`, ...); '' for the whole file. */
  field: string;
  message: string;
}

interface Column {
  header: string;
  field: string;
  required: boolean;
  width: number;
  note: string;
}

/** The template's columns, in order. `office` and `roles` are resolved to officeId and roleIds. */
export const IMPORT_COLUMNS: Column[] = [
  {
    header: '登录名',
    field: 'loginName',
    required: true,
    width: 16,
    note: '2到30位字母、数字或 _ . @ -，不能与已有用户重复',
  },
  { header: '姓名', field: 'name', required: true, width: 12, note: '不超过20个字符' },
  {
    header: '初始密码',
    field: 'password',
    required: true,
    width: 16,
    note: '至少8位，包含字母和数字；用户首次登录时必须修改',
  },
  { header: '所属机构', field: 'office', required: true, width: 24, note: '机构编码或机构全称' },
  { header: '手机号', field: 'mobile', required: false, width: 14, note: '11位手机号，不能与已有用户重复' },
  { header: '邮箱', field: 'email', required: false, width: 22, note: '' },
  { header: '电话', field: 'phone', required: false, width: 14, note: '' },
  { header: '工号', field: 'no', required: false, width: 10, note: '' },
  { header: '角色', field: 'roles', required: false, width: 22, note: '角色英文名称，多个用逗号分隔，如 siteStaff' },
  { header: '备注', field: 'remarks', required: false, width: 24, note: '' },
];

export const MAX_IMPORT_ROWS = 5000;
const HASH_CONCURRENCY = 4;
const INSERT_BATCH = 500;

export const ImportMessages = {
  badFile: '无法读取文件，请上传 .xlsx 格式的 Excel 文件',
  noSheet: '文件中没有工作表',
  missingColumns: (names: string[]) => `导入模板不正确，缺少列：${names.join('、')}`,
  empty: '文件中没有用户数据',
  tooMany: `一次最多导入${MAX_IMPORT_ROWS}个用户`,
  failed: (rows: number) => `导入失败：${rows}行数据有误，未导入任何用户`,
  officeUnknown: '所属机构不存在',
  officeAmbiguous: '机构名称不唯一，请填写机构编码',
  roleUnknown: (name: string) => `角色“${name}”不存在`,
  roleNotAssignable: (name: string) => `无权分配角色“${name}”`,
  loginNameInFile: (row: number) => `登录名与第${row}行重复`,
  loginNameTaken: '登录名已存在',
  mobileInFile: (row: number) => `手机号与第${row}行重复`,
  mobileTaken: '该手机号已被其他用户使用',
} as const;

/** The text of a cell whatever Excel stored (number, rich text, hyperlink, formula result, date). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  return '';
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(lanes);
  return results;
}

interface ParsedRow {
  row: number;
  values: Record<string, string>;
}

interface GoodRow {
  row: number;
  loginName: string;
  name: string;
  password: string;
  officeId: string;
  companyId: string;
  mobile: string | null;
  email: string | null;
  phone: string | null;
  no: string | null;
  remarks: string | null;
  roleIds: string[];
}

export class UserImport {
  private form: { schema: JsonSchemaNode; validate: ValidateFunction } | undefined;

  constructor(
    private readonly db: Db,
    private readonly offices: AdminOffices,
    private readonly now: Clock,
  ) {}

  /** The user form's schema and its validator, compiled at the first import rather than at every start. */
  private userForm(): { schema: JsonSchemaNode; validate: ValidateFunction } {
    if (this.form) return this.form;
    const file = JSON.parse(readFileSync(path.join(schemasDir, 'forms', 'admin-user.json'), 'utf8')) as {
      schema: JsonSchemaNode;
    };
    const ajv = new Ajv({ ...formAjvOptions });
    addFormats(ajv);
    this.form = { schema: file.schema, validate: ajv.compile(file.schema) };
    return this.form;
  }

  /** The .xlsx template: the columns (required ones marked *), a note on each header, and an instructions sheet. */
  async template(): Promise<Buffer> {
    const workbook = new (await loadExcel()).Workbook();
    const sheet = workbook.addWorksheet('用户');
    sheet.columns = IMPORT_COLUMNS.map((c) => ({
      header: c.required ? `${c.header}*` : c.header,
      key: c.field,
      width: c.width,
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    IMPORT_COLUMNS.forEach((c, i) => {
      if (c.note) header.getCell(i + 1).note = c.note;
    });
    // Text format, so Excel keeps leading zeros of numbers and does not turn mobiles into 1.38E+10.
    IMPORT_COLUMNS.forEach((_c, i) => (sheet.getColumn(i + 1).numFmt = '@'));
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    const help = workbook.addWorksheet('说明');
    help.getColumn(1).width = 90;
    [
      '1. 在“用户”工作表中每行填写一个用户，带 * 的列必须填写，请勿修改表头。',
      '2. 所属机构填写机构编码或机构全称；角色填写角色英文名称，多个用逗号分隔。',
      '3. 任意一行有误时不会导入任何用户，系统会列出每个错误所在的行号，修改后重新导入即可。',
      '4. 导入的用户首次登录时必须修改初始密码。',
      `5. 一次最多导入${MAX_IMPORT_ROWS}个用户。`,
    ].forEach((line) => help.addRow([line]));
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  private async parse(file: Buffer): Promise<ParsedRow[]> {
    const workbook = new (await loadExcel()).Workbook();
    try {
      await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    } catch {
      throw new DomainError('invalid', ImportMessages.badFile);
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new DomainError('invalid', ImportMessages.noSheet);
    const byHeader = new Map<string, number>();
    sheet.getRow(1).eachCell((cell, col) => byHeader.set(cellText(cell.value).replace(/[*＊\s]/g, ''), col));
    const missing = IMPORT_COLUMNS.filter((c) => c.required && !byHeader.has(c.header)).map((c) => c.header);
    if (missing.length > 0) throw new DomainError('invalid', ImportMessages.missingColumns(missing));
    const rows: ParsedRow[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const excelRow = sheet.getRow(r);
      const values: Record<string, string> = {};
      for (const c of IMPORT_COLUMNS) {
        const col = byHeader.get(c.header);
        values[c.field] = col === undefined ? '' : cellText(excelRow.getCell(col).value);
      }
      if (Object.values(values).every((v) => v === '')) continue;
      rows.push({ row: r, values });
      if (rows.length > MAX_IMPORT_ROWS) throw new DomainError('invalid', ImportMessages.tooMany);
    }
    if (rows.length === 0) throw new DomainError('invalid', ImportMessages.empty);
    return rows;
  }

  /** Imports every row or none; answers how many users were created. */
  async run(file: Buffer, scope: DataScope): Promise<{ imported: number }> {
    const rows = await this.parse(file);
    const errors: ImportError[] = [];
    const fail = (row: number, field: string, message: string) => errors.push({ row, field, message });

    const [offices, roles] = await Promise.all([
      this.db
        .selectFrom('sys_office')
        .select(['id', 'name', 'code', 'parent_ids', 'type'])
        .where('del_flag', '=', '0')
        .execute(),
      this.db
        .selectFrom('sys_role')
        .select(['id', 'enname', 'office_id', 'is_sys'])
        .where('del_flag', '=', '0')
        .execute(),
    ]);
    const inScope = offices.filter((o) => officeInScope(o, scope));
    const rolesByEnname = new Map(roles.map((r) => [r.enname.toLowerCase(), r]));
    const companyCache = new Map<string, string>();

    const good: GoodRow[] = [];
    const { schema, validate } = this.userForm();
    for (const { row, values } of rows) {
      const form = dropBlankStrings({ ...values, officeId: values.office ? 'x' : '' }) as Record<string, unknown>;
      delete form.office;
      delete form.roles;
      let ok = true;
      if (!validate(form)) {
        ok = false;
        for (const e of toFieldErrors(schema, validate.errors ?? [])) fail(row, e.field, e.message);
      }
      let officeId = '';
      if (values.office) {
        const byCode = inScope.filter((o) => o.code === values.office);
        const byName = byCode.length > 0 ? byCode : inScope.filter((o) => o.name === values.office);
        if (byName.length === 1) officeId = byName[0].id;
        else {
          ok = false;
          fail(row, 'officeId', byName.length === 0 ? ImportMessages.officeUnknown : ImportMessages.officeAmbiguous);
        }
      }
      const roleIds: string[] = [];
      for (const name of values.roles.split(/[,，、;；\s]+/).filter(Boolean)) {
        const role = rolesByEnname.get(name.toLowerCase());
        if (!role) {
          ok = false;
          fail(row, 'roleIds', ImportMessages.roleUnknown(name));
        } else if (!roleAssignable(role, scope)) {
          ok = false;
          fail(row, 'roleIds', ImportMessages.roleNotAssignable(name));
        } else if (!roleIds.includes(role.id)) roleIds.push(role.id);
      }
      if (!ok) continue;
      let companyId = scope.all ? companyCache.get(officeId) : ownCompany(scope);
      if (companyId === undefined) {
        const office = await this.db
          .selectFrom('sys_office')
          .selectAll()
          .where('id', '=', officeId)
          .executeTakeFirstOrThrow();
        companyId = await this.offices.companyOf(office);
        companyCache.set(officeId, companyId);
      }
      good.push({
        row,
        loginName: values.loginName,
        name: values.name,
        password: values.password,
        officeId,
        companyId,
        mobile: values.mobile || null,
        email: values.email || null,
        phone: values.phone || null,
        no: values.no || null,
        remarks: values.remarks || null,
        roleIds,
      });
    }

    await this.checkDuplicates(rows, fail);
    if (errors.length > 0) {
      errors.sort((a, b) => a.row - b.row);
      throw new DomainError('invalid', ImportMessages.failed(new Set(errors.map((e) => e.row)).size), {
        data: { errors },
      });
    }

    const distinct = [...new Set(good.map((g) => g.password))];
    const hashes = await mapLimited(distinct, HASH_CONCURRENCY, (password) => hashPassword(password));
    const hashOf = new Map(distinct.map((password, i) => [password, hashes[i]]));
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      const users = good.map((g) => ({ ...g, id: newId() }));
      for (let i = 0; i < users.length; i += INSERT_BATCH) {
        const batch = users.slice(i, i + INSERT_BATCH);
        await trx
          .insertInto('sys_user')
          .values(
            batch.map((u) => ({
              id: u.id,
              login_name: u.loginName,
              name: u.name,
              password_hash: hashOf.get(u.password) as string,
              mobile: u.mobile,
              email: u.email,
              phone: u.phone,
              no: u.no,
              office_id: u.officeId,
              company_id: u.companyId,
              remarks: u.remarks,
              password_must_change: true,
              password_changed_at: at,
            })),
          )
          .execute();
        const links = batch.flatMap((u) => u.roleIds.map((role_id) => ({ user_id: u.id, role_id })));
        if (links.length > 0) await trx.insertInto('sys_user_role').values(links).execute();
      }
    });
    // Thousands of new rows at once: keep the planner's picture of these tables true (db/statistics.ts).
    await refreshPlannerStatistics(this.db, ['sys_user', 'sys_user_role']);
    return { imported: good.length };
  }

  /** Login names and mobiles repeated within the file or already taken in the database. */
  private async checkDuplicates(
    rows: ParsedRow[],
    fail: (row: number, field: string, message: string) => void,
  ): Promise<void> {
    const firstLogin = new Map<string, number>();
    const firstMobile = new Map<string, number>();
    for (const { row, values } of rows) {
      if (values.loginName) {
        const seen = firstLogin.get(values.loginName);
        if (seen !== undefined) fail(row, 'loginName', ImportMessages.loginNameInFile(seen));
        else firstLogin.set(values.loginName, row);
      }
      if (values.mobile) {
        const seen = firstMobile.get(values.mobile);
        if (seen !== undefined) fail(row, 'mobile', ImportMessages.mobileInFile(seen));
        else firstMobile.set(values.mobile, row);
      }
    }
    const names = [...firstLogin.keys()];
    const mobiles = [...firstMobile.keys()];
    for (let i = 0; i < names.length; i += INSERT_BATCH) {
      const taken = await this.db
        .selectFrom('sys_user')
        .select('login_name')
        .where('login_name', 'in', names.slice(i, i + INSERT_BATCH))
        .execute();
      for (const t of taken) fail(firstLogin.get(t.login_name) as number, 'loginName', ImportMessages.loginNameTaken);
    }
    for (let i = 0; i < mobiles.length; i += INSERT_BATCH) {
      const chunk = mobiles.slice(i, i + INSERT_BATCH);
      const taken = await this.db
        .selectFrom('sys_user')
        .select(['mobile', 'login_name'])
        .where((eb) =>
          eb.or([eb.and([eb('mobile', 'in', chunk), eb('del_flag', '=', '0')]), eb('login_name', 'in', chunk)]),
        )
        .execute();
      const hit = new Set(taken.flatMap((t) => [t.mobile ?? '', t.login_name]));
      for (const m of chunk) if (hit.has(m)) fail(firstMobile.get(m) as number, 'mobile', ImportMessages.mobileTaken);
    }
  }
}
