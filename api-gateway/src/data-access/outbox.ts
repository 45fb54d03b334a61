import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export interface Mailer {
  send(message: Omit<OutboxMessage, 'sentAt'>): Promise<void>;
}

/**
 * Development and test mail: messages are appended to a JSON-lines file the developer can read
 * (and GET /api/dev/outbox shows outside production) instead of being sent.
 */
export function createFileOutbox(path: string) {
  return {
    async send(message: Omit<OutboxMessage, 'sentAt'>) {
      mkdirSync(dirname(path), { recursive: true });
      appendFileSync(path, `${JSON.stringify({ ...message, sentAt: new Date().toISOString() })}\n`);
    },
    recent(limit = 50): OutboxMessage[] {
      if (!existsSync(path)) return [];
      return readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .slice(-limit)
        .map((line) => JSON.parse(line) as OutboxMessage)
        .reverse();
    },
  };
}
export type FileOutbox = ReturnType<typeof createFileOutbox>;
