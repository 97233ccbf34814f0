/**
 * An SMS gateway reached over HTTP (PORTAL_SMS_PROVIDER=http):
 *   POST PORTAL_SMS_HTTP_URL, JSON {phone, signName, templateCode, params: {code}, timestamp, nonce}
 *   X-Sms-Key: PORTAL_SMS_HTTP_KEY
 *   X-Sms-Signature: hex HMAC-SHA256(PORTAL_SMS_HTTP_SECRET, `${timestamp}\n${nonce}\n${rawBody}`)
 * `timestamp` is milliseconds since the epoch, `nonce` 32 random hex characters. The gateway answers 2xx with JSON
 * whose `code` is 'OK'; anything else (other status, other code, no JSON, no answer within the timeout) is a
 * failure whose reason, never the code, goes into the thrown error for the log.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Clock, SmsHttpConfig } from '../../config.js';
import { SmsDeliveryError, type SmsMessage, type SmsSender } from './sms-sender.js';

export interface SmsGatewayRequest {
  phone: string;
  signName: string;
  templateCode: string;
  params: { code: string };
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
    const request: SmsGatewayRequest = {
      phone: message.phone,
      signName: this.config.signName,
      templateCode: this.config.templateCode,
      params: { code: message.code },
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
    // A gateway might echo the request: the code never reaches the log.
    const raw = await response.text().catch(() => '');
    const text = raw.split(message.code).join('******').slice(0, 200);
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
