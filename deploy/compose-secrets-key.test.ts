/**
 * docker/compose.yaml runs the production images (NODE_ENV=production), which refuse a trivial secrets key;
 * compose must therefore not ship one as a default but ask for the key, saying how to make one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const compose = parse(readFileSync(path.resolve(__dirname, '..', 'docker', 'compose.yaml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, { environment?: Record<string, string> }> };

/** What compose makes of `${NAME...}` when NAME is unset: the value it passes, or the error it stops with. */
function interpolateUnset(value: string, name: string): { value: string } | { error: string } {
  const match = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])(.*))?\}$/s.exec(value);
  if (!match || match[1] !== name) return { value };
  const [, , operator, rest] = match;
  if (operator === ':?' || operator === '?') return { error: rest ?? '' };
  return { value: operator ? (rest ?? '') : '' };
}

describe('docker/compose.yaml and SECRETS_ENCRYPTION_KEY', () => {
  const users = Object.entries(compose.services).filter(([, s]) => s.environment?.SECRETS_ENCRYPTION_KEY);

  it('is passed to the six processes', () => {
    expect(users.map(([name]) => name).sort()).toEqual(
      [
        'data-api',
        'event-delivery',
        'lab-gateway',
        'lab-report-parser',
        'management-api',
        'scheduler',
      ].sort(),
    );
  });

  it.each(users)('%s: no default key; unset, compose stops and says how to make one', (_name, service) => {
    const outcome = interpolateUnset(service.environment!.SECRETS_ENCRYPTION_KEY!, 'SECRETS_ENCRYPTION_KEY');
    expect(outcome).toEqual({ error: expect.stringContaining('openssl rand -base64 32') });
    expect((outcome as { error: string }).error).toMatch(/SECRETS_ENCRYPTION_KEY/);
  });
});
