import { config, ConfigError, loadConfig } from './config';

describe('config loading', () => {
  const spec = {
    DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
    PORT: config.port(8000),
    REGION: config.oneOf(['us', 'eu'] as const, 'us'),
    FLAG: config.boolean(false),
  };

  it('parses, defaults, freezes and collects secrets', () => {
    const { values, secrets } = loadConfig(spec, { DATABASE_URL: 'postgres://u:p@h/db', FLAG: 'true' });
    expect(values).toEqual({ DATABASE_URL: 'postgres://u:p@h/db', PORT: 8000, REGION: 'us', FLAG: true });
    expect(Object.isFrozen(values)).toBe(true);
    expect(secrets).toEqual(['postgres://u:p@h/db']);
  });

  it.each([
    [{}, 'DATABASE_URL is required'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must use one of the protocols'],
    [{ DATABASE_URL: 'postgres://h/db', PORT: 'eighty' }, 'PORT must be a port number'],
    [{ DATABASE_URL: 'postgres://h/db', REGION: 'ap' }, 'REGION must be one of us, eu'],
    [{ DATABASE_URL: 'postgres://h/db', FLAG: 'maybe' }, 'FLAG must be true or false'],
  ])('names the bad variable: %j', (env, message) => {
    expect(() => loadConfig(spec, env)).toThrow(ConfigError);
    expect(() => loadConfig(spec, env)).toThrow(message);
  });
});
