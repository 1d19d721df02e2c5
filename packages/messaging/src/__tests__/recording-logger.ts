import type { MessagingLogger } from '../messaging-logger';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  meta: object | undefined;
}

export function createRecordingLogger(): MessagingLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record =
    (level: LogEntry['level']) =>
    (msg: string, meta?: object): void => {
      entries.push({ level, msg, meta });
    };
  return {
    entries,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}
