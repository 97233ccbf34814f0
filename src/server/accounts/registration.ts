/**
 * Self-registration (spec section 4): a person (POST /api/register/register) or a company with its manager
 * (POST /api/register/company/save), and the public, masked view of a registered company. Cheap checks come
 * first, the SMS code is used up last, in the same transaction as the inserts: a failed insert (a concurrent
 * registration of the same phone, say) rolls the code back too, and a wrong code is counted and committed.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { uniqueViolation } from '../db/errors.js';
import type { Dictionaries } from '../portal/dictionaries.js';
import { chinaDate, parseIdCard, type IdCardFacts } from '../lib/id-card.js';
import { maskCreditCode, maskName, maskPhone } from '../lib/masking.js';
import { hashPassword, NO_PASSWORD } from './passwords.js';
import type { CodeFailure, SmsCodes } from './sms-codes.js';
import type { Users } from './users.js';
import { DomainError, invalidField } from '../domain-error.js';

export const RegistrationMessages = {
  registered: '注册成功',
  idCardInvalid: '身份证号码格式不正确',
  sexMismatch: '性别与身份证号码不符',
  birthdayMismatch: '出生日期与身份证号码不符',
  birthdayFuture: '出生日期不能晚于今天',
  nation: '请选择民族',
  phoneTaken: '该手机号已注册',
  idCardTaken: '该身份证号码已注册',
  creditCodeTaken: '该统一社会信用代码已注册',
  companyNotFound: '公司不存在',
} as const;

/** Role ennames of self-registered accounts (schemas/seed/roles.json). */
export const PERSONAL_ROLE = 'personal';
export const COMPANY_MANAGER_ROLE = 'companyManager';

export interface PersonalRegistration {
  name: string;
  idCardNumber: string;
  sex: string;
  nation: string;
  birthday: string;
  phoneNumber: string;
  verificationCode: string;
  password: string;
  passwordAgain: string;
}

export interface CompanyInfo {
  unitName: string;
  creditCode: string;
  legalRepresentative: string;
  legalRepresentativePhone?: string;
  appointedAgent?: string;
  appointedAgentPhone?: string;
  address: string;
}

export interface CompanyManager {
  name: string;
  idCardNumber: string;
  nation: string;
  phoneNumber: string;
  code: string;
  remarks?: string;
}

export interface CompanyListing {
  company: { id: string; unitName: string; creditCode: string; address: string };
  managers: { name: string; phoneNumber: string }[];
}

type Outcome<T> = { ok: true; value: T } | CodeFailure;

const CONFLICTS: Record<string, string> = {
  sys_user_login_name_key: RegistrationMessages.phoneTaken,
  sys_user_id_card_uq: RegistrationMessages.idCardTaken,
  sys_office_credit_code_uq: RegistrationMessages.creditCodeTaken,
};

export class Registration {
  constructor(
    private readonly db: Db,
    private readonly users: Users,
    private readonly dictionaries: Dictionaries,
    private readonly smsCodes: SmsCodes,
    private readonly now: Clock,
  ) {}

  /** Registers a person with role `personal`; answers the new user's id. */
  async registerPerson(input: PersonalRegistration): Promise<string> {
    const now = this.now();
    if (input.birthday > chinaDate(now)) throw invalidField('birthday', RegistrationMessages.birthdayFuture);
    const facts = this.idCard(input.idCardNumber, 'idCardNumber');
    if (input.sex !== facts.sex) throw invalidField('sex', RegistrationMessages.sexMismatch);
    if (input.birthday !== facts.birthday) throw invalidField('birthday', RegistrationMessages.birthdayMismatch);
    await this.assertNation(input.nation, 'nation');
    await this.assertPersonFree(input.phoneNumber, facts.normalized);
    const passwordHash = await hashPassword(input.password);
    const roleId = await this.roleId(PERSONAL_ROLE);
    const userId = randomUUID();
    return this.inTransaction(async (tx) => {
      const code = await this.smsCodes.tryConsume(
        tx,
        input.phoneNumber,
        'register',
        input.verificationCode,
        'verificationCode',
      );
      if (!code.ok) return code;
      await tx
        .insertInto('sys_user')
        .values({
          id: userId,
          login_name: input.phoneNumber,
          name: input.name,
          password_hash: passwordHash,
          mobile: input.phoneNumber,
          user_type: 'personal',
          password_changed_at: now,
          id_card_number: facts.normalized,
          sex: facts.sex,
          nation: input.nation,
          birthday: facts.birthday,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await tx.insertInto('sys_user_role').values({ user_id: userId, role_id: roleId }).execute();
      return { ok: true, value: userId };
    });
  }

  /**
   * Registers a company (an office of type '1' under the root) and its manager (role companyManager, no password:
   * the manager logs in by phone and SMS code, or sets one through forgot password); answers the company id.
   * Sex and birthday come from the ID number, whatever the client sent.
   */
  async registerCompany(company: CompanyInfo, manager: CompanyManager): Promise<string> {
    const now = this.now();
    const facts = this.idCard(manager.idCardNumber, 'userManagementVo.idCardNumber');
    await this.assertNation(manager.nation, 'userManagementVo.nation');
    const office = await this.db
      .selectFrom('sys_office')
      .select('id')
      .where('credit_code', '=', company.creditCode)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (office) throw new DomainError('conflict', RegistrationMessages.creditCodeTaken);
    await this.assertPersonFree(manager.phoneNumber, facts.normalized);
    const roleId = await this.roleId(COMPANY_MANAGER_ROLE);
    const companyId = randomUUID();
    const userId = randomUUID();
    return this.inTransaction(async (tx) => {
      const code = await this.smsCodes.tryConsume(
        tx,
        manager.phoneNumber,
        'register',
        manager.code,
        'userManagementVo.code',
      );
      if (!code.ok) return code;
      await tx
        .insertInto('sys_office')
        .values({
          id: companyId,
          parent_id: '0',
          parent_ids: '0,',
          name: company.unitName,
          english_name: null,
          simple_name: null,
          type: '1',
          grade: '1',
          code: null,
          area_id: null,
          address: company.address,
          zip_code: null,
          master: company.legalRepresentative,
          phone: company.legalRepresentativePhone ?? null,
          fax: null,
          email: null,
          remarks: null,
          credit_code: company.creditCode,
          legal_representative: company.legalRepresentative,
          legal_representative_phone: company.legalRepresentativePhone ?? null,
          appointed_agent: company.appointedAgent ?? null,
          appointed_agent_phone: company.appointedAgentPhone ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await tx
        .insertInto('sys_user')
        .values({
          id: userId,
          login_name: manager.phoneNumber,
          name: manager.name,
          password_hash: NO_PASSWORD,
          mobile: manager.phoneNumber,
          office_id: companyId,
          company_id: companyId,
          user_type: 'company',
          remarks: manager.remarks ?? null,
          id_card_number: facts.normalized,
          sex: facts.sex,
          nation: manager.nation,
          birthday: facts.birthday,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await tx.insertInto('sys_user_role').values({ user_id: userId, role_id: roleId }).execute();
      return { ok: true, value: companyId };
    });
  }

  /** The public view of a registered company: masked credit code and managers; unknown -404. */
  async companyListing(id: string): Promise<CompanyListing> {
    const office = await this.db
      .selectFrom('sys_office')
      .select(['id', 'name', 'credit_code', 'address'])
      .where('id', '=', id)
      .where('type', '=', '1')
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!office) throw new DomainError('notFound', RegistrationMessages.companyNotFound);
    const managers = await this.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select(['u.name', 'u.mobile'])
      .where('u.company_id', '=', id)
      .where('u.del_flag', '=', '0')
      .where('r.enname', '=', COMPANY_MANAGER_ROLE)
      .orderBy('u.created_at')
      .orderBy('u.id')
      .execute();
    return {
      company: {
        id: office.id,
        unitName: office.name,
        creditCode: maskCreditCode(office.credit_code),
        address: office.address ?? '',
      },
      managers: managers.map((m) => ({ name: maskName(m.name), phoneNumber: maskPhone(m.mobile) })),
    };
  }

  private idCard(value: string, field: string): IdCardFacts {
    const facts = parseIdCard(value, this.now());
    if (!facts) throw invalidField(field, RegistrationMessages.idCardInvalid);
    return facts;
  }

  private async assertNation(label: string, field: string): Promise<void> {
    const nations = await this.dictionaries.list('nation');
    if (!nations.some((entry) => entry.label === label)) throw invalidField(field, RegistrationMessages.nation);
  }

  private async assertPersonFree(phone: string, idCardNumber: string): Promise<void> {
    if (await this.users.mobileTaken(phone)) throw new DomainError('conflict', RegistrationMessages.phoneTaken);
    const holder = await this.db
      .selectFrom('sys_user')
      .select('id')
      .where('id_card_number', '=', idCardNumber)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (holder) throw new DomainError('conflict', RegistrationMessages.idCardTaken);
  }

  private async roleId(enname: string): Promise<string> {
    const role = await this.db.selectFrom('sys_role').select('id').where('enname', '=', enname).executeTakeFirst();
    // The system roles are seeded at every start (schemas/seed/roles.json): missing means a broken install.
    if (!role) throw new Error(`role "${enname}" is missing (schemas/seed/roles.json)`);
    return role.id;
  }

  /** Runs `work` in a transaction; a code failure is committed (the wrong entry counts) and then thrown. */
  private async inTransaction<T>(work: (tx: Db) => Promise<Outcome<T>>): Promise<T> {
    let outcome: Outcome<T>;
    try {
      outcome = await this.db.transaction().execute(work);
    } catch (error) {
      const constraint = uniqueViolation(error);
      const message = constraint === undefined ? undefined : CONFLICTS[constraint];
      if (message) throw new DomainError('conflict', message);
      throw error;
    }
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }
}
