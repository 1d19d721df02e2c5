/** The logging surface messaging needs; the platform's winston logger satisfies it structurally. */
export interface MessagingLogger {
  debug(msg: string, meta?: object): void;
  info(msg: string, meta?: object): void;
  warn(msg: string, meta?: object): void;
  error(msg: string, meta?: object): void;
}
