import { commonConfigSpec, config, loadConfig } from '@meridian/platform';

export const parserConfigSpec = {
  ...commonConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
  HEALTH_PORT: config.port(8080),
  PARSER_CONCURRENCY: config.int({ default: 2, min: 1, max: 64 }),
};

export const loadParserConfig = (env: NodeJS.ProcessEnv) => loadConfig(parserConfigSpec, env);
