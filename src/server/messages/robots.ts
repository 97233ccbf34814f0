/**
 * A project's group robots: the custom-robot webhooks of a WeCom (企业微信) and a DingTalk (钉钉) group chat that
 * messages may go to, mentioning the user by phone. The formats are the vendors' documented ones:
 *   WeCom    POST <webhook>  {"msgtype":"text","text":{"content","mentioned_mobile_list":[...]}}  -> {"errcode":0}
 *   DingTalk POST <webhook>[&timestamp=<ms>&sign=<base64 HMAC-SHA256(secret, "<ms>\n<secret>")>]
 *            {"msgtype":"text","text":{"content"},"at":{"atMobiles":[...]}}                         -> {"errcode":0}
 * A robot is configured per project by whoever manages its alerts (提醒设置); the secret is never read back.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../db/database.js';
import { invalidField } from '../domain-error.js';

export interface ProjectRobotSettings {
  wecomUrl: string;
  dingtalkUrl: string;
  /** On reading: '******' when one is kept, '' when none; on saving: '' keeps the kept one, '-' removes it. */
  dingtalkSecret: string;
}

export const RobotTexts = {
  badUrl: '请输入 http:// 或 https:// 开头的机器人地址',
} as const;

/** What a delivery needs of a project's robots. */
interface RobotTargets {
  wecom_url: string | null;
  dingtalk_url: string | null;
  dingtalk_secret: string | null;
}

const TIMEOUT_MS = 10_000;
const KEPT = '******';

function checkedUrl(field: string, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalidField(field, RobotTexts.badUrl);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidField(field, RobotTexts.badUrl);
  return trimmed;
}

async function postJson(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new Error(`robot answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new Error(`robot answered no JSON: ${text.slice(0, 200)}`);
  }
  const code = answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>).errcode : undefined;
  if (code !== 0) throw new Error(`robot refused the message: ${text.slice(0, 200)}`);
}

/** DingTalk's signed webhook address (its "加签" security setting). */
export function dingtalkSignedUrl(url: string, secret: string, at: Date): string {
  const timestamp = String(at.getTime());
  const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
  const signed = new URL(url);
  signed.searchParams.set('timestamp', timestamp);
  signed.searchParams.set('sign', sign);
  return signed.toString();
}

export class ProjectRobots {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async get(projectId: string): Promise<ProjectRobotSettings> {
    const row = await this.targets(projectId);
    return {
      wecomUrl: row?.wecom_url ?? '',
      dingtalkUrl: row?.dingtalk_url ?? '',
      dingtalkSecret: row?.dingtalk_secret ? KEPT : '',
    };
  }

  async save(projectId: string, settings: ProjectRobotSettings, actorId: string): Promise<ProjectRobotSettings> {
    const wecomUrl = checkedUrl('wecomUrl', settings.wecomUrl);
    const dingtalkUrl = checkedUrl('dingtalkUrl', settings.dingtalkUrl);
    const kept = (await this.targets(projectId))?.dingtalk_secret ?? null;
    const secret = settings.dingtalkSecret.trim();
    const dingtalkSecret = secret === '' || secret === KEPT ? kept : secret === '-' ? null : secret;
    const values = {
      wecom_url: wecomUrl,
      dingtalk_url: dingtalkUrl,
      dingtalk_secret: dingtalkSecret,
      updated_at: this.now(),
      updated_by: actorId,
    };
    await this.db
      .insertInto('alert_robot')
      .values({ project_id: projectId, ...values })
      .onConflict((conflict) => conflict.column('project_id').doUpdateSet(values))
      .execute();
    return this.get(projectId);
  }

  private targets(projectId: string): Promise<RobotTargets | undefined> {
    return this.db
      .selectFrom('alert_robot')
      .select(['wecom_url', 'dingtalk_url', 'dingtalk_secret'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  /** Posts `text` to each robot of the project, mentioning `mobiles`; false when the project has none. */
  async post(projectId: string, text: string, mobiles: readonly string[]): Promise<boolean> {
    const row = await this.targets(projectId);
    if (!row || (!row.wecom_url && !row.dingtalk_url)) return false;
    if (row.wecom_url)
      await postJson(row.wecom_url, { msgtype: 'text', text: { content: text, mentioned_mobile_list: mobiles } });
    if (row.dingtalk_url) {
      const url = row.dingtalk_secret
        ? dingtalkSignedUrl(row.dingtalk_url, row.dingtalk_secret, this.now())
        : row.dingtalk_url;
      // DingTalk shows the mention only when the text names the phone too.
      const mentions = mobiles.map((mobile) => `@${mobile}`).join(' ');
      await postJson(url, {
        msgtype: 'text',
        text: { content: mentions ? `${text} ${mentions}` : text },
        at: { atMobiles: mobiles },
      });
    }
    return true;
  }
}
