/** Where SMS codes go: the outbox file (development, tests) or a real gateway (accounts/sms/http-sender.ts). */
import type { SmsPurpose } from '../../db/tables.js';

export interface SmsMessage {
  phone: string;
  code: string;
  purpose: SmsPurpose;
}

/** A message of the message centre that a user chose to also get by SMS (messages/outbox.ts). */
export interface SmsNotice {
  phone: string;
  /** The whole text: title and content, as the notice template's one parameter. */
  text: string;
}

export interface SmsSender {
  /** Delivers the message or throws (any error: the caller answers -500 短信发送失败，请稍后重试). */
  send(message: SmsMessage): Promise<void>;
  /** Delivers a notice or throws (the outbox tries again later). */
  sendNotice(notice: SmsNotice): Promise<void>;
}

/** A delivery failure whose reason may be logged: it never contains the code. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
