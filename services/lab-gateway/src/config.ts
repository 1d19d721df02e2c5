import { commonConfigSpec, config, ConfigError, loadConfig, type Field } from '@meridian/platform';
import { LAB_SCENARIOS, type LabScenario } from '@meridian/lab-partners';
import { labEndpointsField } from './lab-endpoints';

const timeZone: Field<string> = {
  parse(raw, name) {
    const zone = raw === undefined || raw === '' ? 'UTC' : raw;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
    } catch {
      throw new ConfigError(`Invalid configuration: ${name} is not an IANA time zone`);
    }
    return zone;
  },
};

const hl7Name: Field<string> = {
  parse(raw, name) {
    const value = raw === undefined || raw === '' ? 'MERIDIAN' : raw;
    if (!/^[A-Za-z0-9_.-]{1,180}$/.test(value))
      throw new ConfigError(`Invalid configuration: ${name} must be 1-180 letters, digits, _ . -`);
    return value;
  },
};

/** Everything but the connections: `main.ts` and `pnpm start` both validate this part the same way. */
export const labGatewayProcessConfigSpec = {
  ...commonConfigSpec,
  NODE_ENV: config.optionalString(),
  HEALTH_PORT: config.port(8080),
  /** Where labs deliver ORU^R01 results (MLLP). Unset: HOST. */
  LAB_MLLP_HOST: config.optionalString(),
  /** 2575: the port IANA registered for HL7 over MLLP. */
  LAB_MLLP_PORT: config.port(2575),
  /** Largest MLLP frame accepted (bytes); a bigger one is refused and the connection closed. */
  LAB_MLLP_MAX_FRAME_BYTES: config.int({ default: 4 * 1024 * 1024, min: 1024, max: 64 * 1024 * 1024 }),
  /** Each lab's MLLP order endpoint: `slug=host:port,…`, `*` for every other lab (lab-endpoints.ts). */
  LAB_ORDER_ENDPOINTS: labEndpointsField,
  /** How orders name their tests: the lab's compendium codes (`lab`) or LOINC (`loinc`). */
  LAB_TEST_CODING: config.oneOf(['lab', 'loinc'] as const, 'lab'),
  /** IANA zone of the labs' wall times (HL7 date-times without an offset). */
  LAB_TIME_ZONE: timeZone,
  /** MSH-3 / MSH-4 of the orders we send and the ACKs we answer with. */
  LAB_HL7_APPLICATION: hl7Name,
  LAB_HL7_FACILITY: hl7Name,
  /** How long to wait for a lab's ACK of an order. */
  LAB_ACK_TIMEOUT_MS: config.int({ default: 30_000, min: 100, max: 600_000 }),
  /** Orders sent to labs at once. */
  LAB_SUBMIT_CONCURRENCY: config.int({ default: 4, min: 1, max: 64 }),
  /** How often the sweep looks for orders whose submission never got through. */
  LAB_SUBMIT_SWEEP_MS: config.int({ default: 60_000, min: 100 }),
  /** An order at its submission point this long without an accepted (or fresh) attempt is re-queued. */
  LAB_SUBMIT_STALE_AFTER_MS: config.int({ default: 15 * 60_000, min: 100 }),
  /**
   * Run the bundled LabSimulator as the lab of every lab without an endpoint (development and demos): it
   * reports simulated results. Never for production orders when NODE_ENV=production.
   */
  LAB_SIMULATOR: config.boolean(false),
  /** The simulator's scenario for every order, or `mixed` (chosen per order id). */
  LAB_SIMULATOR_SCENARIO: config.oneOf(['mixed', ...LAB_SCENARIOS] as const, 'normal'),
  /** Database connections of this process. */
  DATABASE_POOL_MAX: config.int({ default: 4, min: 1, max: 200 }),
};

export const labGatewayConfigSpec = {
  ...labGatewayProcessConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
};

export const loadLabGatewayConfig = (env: NodeJS.ProcessEnv) => loadConfig(labGatewayConfigSpec, env);
export const loadLabGatewayProcessConfig = (env: NodeJS.ProcessEnv) =>
  loadConfig(labGatewayProcessConfigSpec, env);
export type LabGatewayProcessConfig = ReturnType<typeof loadLabGatewayProcessConfig>['values'];
export type SimulatorScenario = 'mixed' | LabScenario;
