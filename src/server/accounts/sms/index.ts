/** Builds the configured SMS provider. */
import path from 'node:path';
import type { ServerConfig } from '../../config.js';
import { HttpSmsSender } from './http-sender.js';
import { OUTBOX_FILE, OutboxSender } from './outbox-sender.js';
import type { SmsSender } from './sms-sender.js';

export function createSmsSender(config: ServerConfig): SmsSender {
  if (config.smsProvider === 'http') {
    // loadConfig refuses to start without them; a hand-built config must carry them too.
    if (!config.smsHttp) throw new Error('smsProvider "http" needs smsHttp (PORTAL_SMS_HTTP_URL, _KEY, _SECRET)');
    return new HttpSmsSender(config.smsHttp, config.now);
  }
  return new OutboxSender(path.join(config.dataDir, OUTBOX_FILE), config.now);
}
