/**
 * Suites that need a service the machine may lack (RabbitMQ, Chromium) declare themselves through
 * `describeWithService`: whether the service is there is known before any test is declared, so jest reports
 * the tests of an absent service as skipped — never as passed — and with REQUIRE_SERVICES set (CI) the suite
 * fails instead, so a run cannot go green without them.
 */

export interface ServiceCheck {
  available: boolean;
  /** Why the suite cannot run, e.g. "RabbitMQ is not reachable at 127.0.0.1:5672". */
  missing: string;
}

/** REQUIRE_SERVICES set to anything but "" or "0". */
export function servicesRequired(): boolean {
  const value = process.env.REQUIRE_SERVICES;
  return value !== undefined && value !== '' && value !== '0';
}

/**
 * `describe` when the service is there; otherwise `describe.skip` (every test counted as skipped), or under
 * REQUIRE_SERVICES a suite whose one test fails and says what is missing.
 */
export function describeWithService(check: ServiceCheck, name: string, fn: () => void): void {
  if (check.available) {
    describe(name, fn);
    return;
  }
  if (servicesRequired()) {
    describe(name, () => {
      it('has the services it needs', () => {
        throw new Error(`${check.missing} and REQUIRE_SERVICES is set`);
      });
    });
    return;
  }
  describe.skip(`${name} (skipped: ${check.missing})`, fn);
}
