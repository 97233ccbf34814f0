/** Reads the SMS codes the server's `outbox` provider wrote (DESIGN.md: DATA_DIR/sms-outbox.jsonl). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface OutboxLine {
  phone: string;
  code: string;
  purpose: string;
  at: string;
}

function lines(dataDir: string): OutboxLine[] {
  const file = join(dataDir, 'sms-outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** How many messages went to this phone for this purpose so far. */
export function sentCount(dataDir: string, phone: string, purpose: string): number {
  return lines(dataDir).filter((line) => line.phone === phone && line.purpose === purpose).length;
}

/** The code of the message after the first `after` ones to this phone for this purpose; waits up to 10 s. */
export async function nextCode(dataDir: string, phone: string, purpose: string, after: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const sent = lines(dataDir).filter((line) => line.phone === phone && line.purpose === purpose);
    if (sent.length > after) return sent[after].code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS code for ${phone} (${purpose}) in the outbox`);
}
