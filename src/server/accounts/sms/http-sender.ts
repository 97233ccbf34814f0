/**
 * An SMS gateway reached over HTTP (PORTAL_SMS_PROVIDER=http):
 *   POST PORTAL_SMS_HTTP_URL, JSON {phone, signName, templateCode, params: {code}, timestamp, nonce}
 * (a notice of the message centre: templateCode PORTAL_SMS_NOTICE_TEMPLATE, params: {content})
 *   X-Sms-Key: PORTAL_SMS_HTTP_KEY
 *   X-Sms-Signature: hex HMAC-SHA256(PORTAL_SMS_HTTP_SECRET, `${timestamp}\n${nonce}\n${rawBody}`)
 * `timestamp` is milliseconds since the epoch, `nonce` 32 random hex characters. The gateway answers 2xx with JSON
 * whose `code` is 'OK'; anything else (other status, other code, no JSON, no answer within the timeout) is a
 * failure whose reason, never the code, goes into the thrown error for the log.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Clock, SmsHttpConfig } from '../../config.js';
import { SmsDeliveryError, type SmsMessage, type SmsNotice, type SmsSender } from './sms-sender.js';

export interface SmsGatewayRequest {
  phone: string;
  signName: string;
  templateCode: string;
  params: { code: string } | { content: string };
  timestamp: number;
  nonce: string;
}

/** The signature a gateway checks; exported so a fake gateway in the tests computes it the same way. */
export function smsSignature(secret: string, timestamp: string, nonce: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${rawBody}`).digest('hex');
}

export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly config: SmsHttpConfig,
    private readonly now: Clock,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.post(message.phone, this.config.templateCode, { code: message.code }, message.code);
  }

  async sendNotice(notice: SmsNotice): Promise<void> {
    if (!this.config.noticeTemplateCode)
      throw new SmsDeliveryError('no notice template: set PORTAL_SMS_NOTICE_TEMPLATE to send messages by SMS');
    await this.post(notice.phone, this.config.noticeTemplateCode, { content: notice.text });
  }

  /** `hidden`: a secret of the request (a code) that must not reach the log should the gateway echo it. */
  private async post(
    phone: string,
    templateCode: string,
    params: SmsGatewayRequest['params'],
    hidden?: string,
  ): Promise<void> {
    const request: SmsGatewayRequest = {
      phone,
      signName: this.config.signName,
      templateCode,
      params,
      timestamp: this.now().getTime(),
      nonce: randomBytes(16).toString('hex'),
    };
    const rawBody = JSON.stringify(request);
    let response: Response;
    try {
      response = await fetch(this.config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'x-sms-key': this.config.key,
          'x-sms-signature': smsSignature(this.config.secret, String(request.timestamp), request.nonce, rawBody),
        },
        body: rawBody,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${this.config.timeoutMs} ms`
          : describe(error);
      throw new SmsDeliveryError(`SMS gateway unreachable: ${reason}`);
    }
    const raw = await response.text().catch(() => '');
    const text = (hidden ? raw.split(hidden).join('******') : raw).slice(0, 200);
    if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered HTTP ${response.status}: ${text}`);
    let answer: unknown;
    try {
      answer = JSON.parse(raw);
    } catch {
      throw new SmsDeliveryError(`SMS gateway answered no JSON: ${text}`);
    }
    const code = answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>).code : undefined;
    if (code !== 'OK') throw new SmsDeliveryError(`SMS gateway refused the message: ${text}`);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
