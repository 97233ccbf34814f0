/**
 * Every rule of spec section 5, once: a form, a field, a value that passes, one that breaks the rule, and the
 * exact message. The same table runs against the browser engine (tests/schema/validation-rules.test.ts) and
 * against the server's endpoints (tests/api/validation-rules.test.ts).
 */

/** A body that passes every rule of its form; each case changes one field of it. */
export const validBodies = {
  login: { username: 'admin', password: 'Admin@2026', validateCode: 'T3st' },
  'phone-login': { phone: '13800000001', smsCode: '123456' },
  'change-password': { oldPassword: 'Admin@2026', newPassword: 'Newpass2026', againPassword: 'Newpass2026' },
  'company-info': {
    unitName: '示例建设集团有限公司',
    creditCode: '91110000MA01ABCD3X',
    legalRepresentative: '王建国',
    legalRepresentativePhone: '13912345678',
    appointedAgent: '李四',
    appointedAgentPhone: '13912345679',
    address: '北京市朝阳区建设路1号',
  },
  'company-manager': {
    name: '赵六',
    idCardNumber: '11010519491231002X',
    nation: '汉族',
    phoneNumber: '13912345670',
    code: '123456',
  },
  register: {
    name: '张三',
    idCardNumber: '11010519491231002X',
    sex: '女',
    nation: '汉族',
    birthday: '1949-12-31',
    phoneNumber: '13912345671',
    verificationCode: '123456',
    password: 'Passw0rd2026',
    passwordAgain: 'Passw0rd2026',
  },
  'forgot-password-verify': { phoneNumber: '13800000001', code: '123456' },
  'forgot-password-reset': { password: 'Passw0rd2026', passwordAgain: 'Passw0rd2026' },
  'ai-sms': { phone: '13800000001', smsCode: '123456' },
} as const;

export type RuleForm = keyof typeof validBodies;

export interface RuleCase {
  form: RuleForm;
  field: string;
  rule: string;
  /** Passes this rule (other fields stay valid). */
  valid: string;
  /** Breaks it; `undefined` leaves the field out. */
  invalid: string | undefined;
  message: string;
  /** Other fields changed with the invalid value (a confirmation checked on its own needs an equal partner). */
  invalidWith?: Record<string, string>;
  /** Only the browser form enforces it (the form file's `requiredInBrowserOnly`): the API accepts the body. */
  browserOnly?: boolean;
}

const PASSWORD_RULE = '必须包含英文字母、数字，不小于8位';
const c = (
  form: RuleForm,
  field: string,
  rule: string,
  valid: string,
  invalid: string | undefined,
  message: string,
  invalidWith?: Record<string, string>,
): RuleCase => ({ form, field, rule, valid, invalid, message, invalidWith });

export const ruleCases: RuleCase[] = [
  // Login
  c('login', 'username', 'required', 'admin', undefined, '请输入账号'),
  c('login', 'password', 'required', 'Admin@2026', undefined, '请输入密码'),
  c('login', 'validateCode', 'required', 'T3st', undefined, '请输入验证码'),
  // Phone login
  c('phone-login', 'phone', 'required', '13800000001', undefined, '请输入手机号'),
  c('phone-login', 'phone', '1 then 3/4/5/7/8 then 9 digits', '18700000001', '16800000001', '请输入正确的手机号'),
  c('phone-login', 'phone', '11 digits', '15800000001', '1380000000', '请输入正确的手机号'),
  c('phone-login', 'smsCode', 'required', '123456', undefined, '请输入验证码'),
  // Change password
  c('change-password', 'oldPassword', 'required', 'Admin@2026', undefined, '请输入旧密码'),
  c('change-password', 'newPassword', 'required', 'Newpass2026', undefined, '请输入新密码'),
  {
    ...c('change-password', 'againPassword', 'required', 'Newpass2026', undefined, '请再次输入密码确认'),
    browserOnly: true,
  },
  c('change-password', 'newPassword', 'letters and digits', 'Newpass2026', 'onlyletters', PASSWORD_RULE),
  c('change-password', 'newPassword', 'at least 8', 'Newpass2026', 'abc1234', PASSWORD_RULE),
  c('change-password', 'againPassword', 'letters and digits', 'Newpass2026', '12345678', PASSWORD_RULE, {
    newPassword: '12345678',
  }),
  c(
    'change-password',
    'againPassword',
    'equals new',
    'Newpass2026',
    'Newpass2027',
    '两次输入的新密码不一致，请重新输入。',
  ),
  // Company step 0
  c('company-info', 'unitName', 'required', '示例公司', undefined, '请输入公司名称'),
  c('company-info', 'unitName', 'max 50', '公'.repeat(50), '公'.repeat(51), '公司名称不能超过50个字符'),
  c('company-info', 'creditCode', 'required', '91110000MA01ABCD3X', undefined, '请输入统一社会信用代码'),
  c(
    'company-info',
    'creditCode',
    '18 capitals/digits',
    '91110000MA01ABCD3X',
    '91110000ma01abcd3x',
    '统一社会信用代码格式不正确',
  ),
  c(
    'company-info',
    'creditCode',
    'exactly 18',
    '91110000MA01ABCD3X',
    '91110000MA01ABCD3',
    '统一社会信用代码格式不正确',
  ),
  c('company-info', 'legalRepresentative', 'required', '王建国', undefined, '请输入法定代表人'),
  c('company-info', 'legalRepresentative', 'max 10', '王'.repeat(10), '王'.repeat(11), '法定代表人不能超过10个字符'),
  c('company-info', 'legalRepresentativePhone', 'mobile', '13912345678', '12912345678', '手机号格式不正确'),
  c('company-info', 'appointedAgent', 'max 10', '李'.repeat(10), '李'.repeat(11), '委托代理人不能超过10个字符'),
  c('company-info', 'appointedAgentPhone', 'mobile', '19912345678', '1391234567', '手机号格式不正确'),
  c('company-info', 'appointedAgentPhone', 'max 11', '19912345678', '199123456780', '手机号格式不正确'),
  c('company-info', 'address', 'required', '北京市', undefined, '请输入公司地址'),
  c('company-info', 'address', 'max 50', '路'.repeat(50), '路'.repeat(51), '公司地址不能超过50个字符'),
  // Company step 1
  c('company-manager', 'name', 'required', '赵六', undefined, '请输入姓名'),
  c('company-manager', 'name', 'max 10', '赵'.repeat(10), '赵'.repeat(11), '姓名不能超过10个字符'),
  c('company-manager', 'idCardNumber', 'required', '11010519491231002X', undefined, '请输入身份证号码'),
  c('company-manager', 'idCardNumber', 'pattern', '11010519491231002X', '1101051949123100', '身份证号码格式不正确'),
  c('company-manager', 'idCardNumber', 'date part', '11010519491231002X', '11010519491331002X', '身份证号码格式不正确'),
  c('company-manager', 'nation', 'required', '汉族', undefined, '请选择民族'),
  c('company-manager', 'phoneNumber', 'required', '13912345670', undefined, '请输入手机号'),
  c('company-manager', 'phoneNumber', 'mobile', '13912345670', '23912345670', '手机号格式不正确'),
  c('company-manager', 'code', 'required', '123456', undefined, '请输入验证码'),
  c('company-manager', 'code', 'max 11', '12345678901', '123456789012', '验证码不能超过11位'),
  // Individual registration
  c('register', 'name', 'required', '张三', undefined, '请输入姓名'),
  c('register', 'name', 'max 20', '张'.repeat(20), '张'.repeat(21), '姓名不能超过20个字符'),
  c('register', 'idCardNumber', 'required', '11010519491231002X', undefined, '请输入身份证号码'),
  c(
    'register',
    'idCardNumber',
    '18-digit mainland pattern',
    '11010519491231002X',
    '01010519491231002X',
    '身份证号码格式不正确',
  ),
  c('register', 'idCardNumber', 'max 20', '11010519491231002X', '11010519491231002X123', '身份证号码不能超过20个字符'),
  c('register', 'sex', 'required', '女', undefined, '请选择性别'),
  c('register', 'nation', 'required', '汉族', undefined, '请选择民族'),
  c('register', 'birthday', 'required', '1949-12-31', undefined, '请选择出生日期'),
  c('register', 'phoneNumber', 'required', '13912345671', undefined, '请输入手机号'),
  c('register', 'phoneNumber', '11 digits starting with 1', '13912345671', '2391234567', '手机号格式不正确'),
  c('register', 'verificationCode', 'required', '123456', undefined, '请输入验证码'),
  c('register', 'verificationCode', 'positive integer', '123456', '12a456', '验证码格式不正确'),
  c('register', 'verificationCode', 'not starting with 0', '123456', '023456', '验证码格式不正确'),
  c('register', 'verificationCode', 'max 10', '1234567890', '12345678901', '验证码格式不正确'),
  c('register', 'password', 'required', 'Passw0rd2026', undefined, '请输入密码'),
  c('register', 'password', 'letters and digits, at least 8', 'Passw0rd2026', 'password', PASSWORD_RULE),
  c('register', 'passwordAgain', 'required', 'Passw0rd2026', undefined, '请再次输入密码'),
  c('register', 'passwordAgain', 'equals password', 'Passw0rd2026', 'Passw0rd2027', '两次输入的密码不一致，请重新输入'),
  // Forgot password
  c('forgot-password-verify', 'phoneNumber', 'required', '13800000001', undefined, '请输入手机号'),
  c(
    'forgot-password-verify',
    'phoneNumber',
    '11 digits starting with 1',
    '13800000001',
    '1380000000',
    '手机号格式不正确',
  ),
  c('forgot-password-verify', 'code', 'required', '123456', undefined, '请输入验证码'),
  c('forgot-password-verify', 'code', 'max 10', '1234567890', '12345678901', '验证码不能超过10位'),
  c('forgot-password-reset', 'password', 'required', 'Passw0rd2026', undefined, '请输入新密码'),
  c('forgot-password-reset', 'password', 'letters and digits, at least 8', 'Passw0rd2026', '1234567', PASSWORD_RULE),
  c(
    'forgot-password-reset',
    'passwordAgain',
    'equals password',
    'Passw0rd2026',
    'Passw0rd2025',
    '两次输入的密码不一致，请重新输入',
  ),
  // AI library SMS dialog
  c('ai-sms', 'smsCode', 'required', '123456', undefined, '验证码不能为空'),
];

/** The form's valid body with one field set (or left out). */
export function bodyWith(rule: RuleCase, value: string | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = { ...validBodies[rule.form] };
  if (value === rule.invalid) Object.assign(body, rule.invalidWith);
  if (value === undefined) delete body[rule.field];
  else body[rule.field] = value;
  // The confirmation follows a changed password, so that only the rule under test can fail.
  if (value !== undefined && rule.field === 'newPassword') body.againPassword = value;
  if (value !== undefined && rule.field === 'password' && 'passwordAgain' in body) body.passwordAgain = value;
  return body;
}
