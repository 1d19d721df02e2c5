/**
 * Which lab interface an order goes to: the lab's own `LAB_ORDER_ENDPOINTS` entry, else `*`, else the bundled
 * simulator when it runs. One `Hl7LabAdapter` (one MLLP connection) per lab and environment: sandbox orders
 * are sent as test messages (MSH-11 `T`), so their results come back as test results and can never land on a
 * production order. With NODE_ENV=production the simulator never serves production orders: simulated values
 * are not results.
 */
import type { LabOrderRouting, TestCoding } from '@meridian/data-api/lab-fulfilment';
import type { Environment } from '@meridian/domain';
import { Hl7LabAdapter, type LabAdapter } from '@meridian/lab-partners';
import { endpointOf, type LabEndpoint, type LabEndpoints } from './lab-endpoints';

export interface LabRoutingOptions {
  endpoints: LabEndpoints;
  testCoding: TestCoding;
  /** The running simulator's order endpoint (takes LOINC orderables). */
  simulator?: LabEndpoint | null;
  /** Whether the simulator may serve production orders (not with NODE_ENV=production). */
  simulatorServesProduction: boolean;
  application: string;
  facility: string;
  ackTimeoutMs: number;
}

export interface LabRouting extends LabOrderRouting {
  close(): Promise<void>;
}

export function createLabRouting(options: LabRoutingOptions): LabRouting {
  const adapters = new Map<string, Hl7LabAdapter>();
  const viaSimulator = (slug: string) => !endpointOf(options.endpoints, slug) && !!options.simulator;

  function adapterFor(labSlug: string, environment: Environment): LabAdapter | undefined {
    const configured = endpointOf(options.endpoints, labSlug);
    const endpoint = configured ?? options.simulator ?? undefined;
    if (!endpoint) return undefined;
    if (!configured && environment === 'production' && !options.simulatorServesProduction) return undefined;
    const key = `${labSlug}|${environment}`;
    let adapter = adapters.get(key);
    if (!adapter) {
      adapter = new Hl7LabAdapter({
        host: endpoint.host,
        port: endpoint.port,
        ackTimeoutMs: options.ackTimeoutMs,
        connectTimeoutMs: Math.min(options.ackTimeoutMs, 10_000),
        sendingApplication: options.application,
        sendingFacility: options.facility,
        receivingApplication: labSlug.toUpperCase().slice(0, 180),
        receivingFacility: labSlug.toUpperCase().slice(0, 180),
        processingId: environment === 'sandbox' ? 'T' : 'P',
      });
      adapters.set(key, adapter);
    }
    return adapter;
  }

  return {
    adapterFor,
    testCoding: (labSlug) => (viaSimulator(labSlug) ? 'loinc' : options.testCoding),
    async close() {
      await Promise.all([...adapters.values()].map((a) => a.close()));
      adapters.clear();
    },
  };
}
