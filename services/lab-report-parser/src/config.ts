import { commonConfigSpec, config, loadConfig } from '@meridian/platform';

/** Everything but the connections: `main.ts` and `pnpm start` both validate this part the same way. */
export const parserProcessConfigSpec = {
  ...commonConfigSpec,
  NODE_ENV: config.optionalString(),
  HEALTH_PORT: config.port(8080),
  /** Jobs parsed at once, and OCR worker threads. */
  PARSER_CONCURRENCY: config.int({ default: 2, min: 1, max: 64 }),
  /** pdf.js worker threads kept between documents; 0: min(2, cores). */
  PARSER_PDF_WORKERS: config.int({ default: 0, min: 0, max: 64 }),
  /** Database connections of this process. */
  DATABASE_POOL_MAX: config.int({ default: 4, min: 1, max: 200 }),
};

export const parserConfigSpec = {
  ...parserProcessConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
};

export const loadParserConfig = (env: NodeJS.ProcessEnv) => loadConfig(parserConfigSpec, env);
export const loadParserProcessConfig = (env: NodeJS.ProcessEnv) => loadConfig(parserProcessConfigSpec, env);
export type ParserProcessConfig = ReturnType<typeof loadParserProcessConfig>['values'];
