/**
 * The default provider (DESIGN.md "Configuration"): appends each message as one JSON line
 * `{"phone","code","purpose","at"}` to DATA_DIR/sms-outbox.jsonl. Browser and API tests read codes from it; a
 * developer reads it with `tail -f`. One short append per line (O_APPEND), so concurrent writers do not interleave.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../config.js';
import type { SmsMessage, SmsNotice, SmsSender } from './sms-sender.js';

export const OUTBOX_FILE = 'sms-outbox.jsonl';

export interface OutboxLine extends SmsMessage {
  /** ISO time of sending. */
  at: string;
}

/** A notice's line: `{"phone","purpose":"notice","text","at"}` (no code). */
export interface OutboxNoticeLine extends SmsNotice {
  purpose: 'notice';
  at: string;
}

export class OutboxSender implements SmsSender {
  constructor(
    private readonly file: string,
    private readonly now: Clock,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const line: OutboxLine = {
      phone: message.phone,
      code: message.code,
      purpose: message.purpose,
      at: this.now().toISOString(),
    };
    await this.append(line);
  }

  async sendNotice(notice: SmsNotice): Promise<void> {
    const line: OutboxNoticeLine = {
      phone: notice.phone,
      purpose: 'notice',
      text: notice.text,
      at: this.now().toISOString(),
    };
    await this.append(line);
  }

  private async append(line: OutboxLine | OutboxNoticeLine): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify(line)}\n`, 'utf8');
  }
}
