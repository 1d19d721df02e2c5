/**
 * `AreaInfo.central_labs` (api-shapes §6.6) from a static configuration: which labs Meridian orders from, what
 * their patient service centers offer and which bill types they accept. A site directory (where each lab's
 * service centers are, §6.10) does not exist yet, so `within_radius` counts no sites (0) until it does; the
 * rest is the labs' standing terms, the same for every zip code. With a lab's PSC scheduling configured
 * (features/lab-psc), `within_radius` counts its service centers from the lab's site directory.
 */
import type { BillingType, OrderLabSlug, PscCapability } from '@meridian/domain';

/** Labs the area-info `lab`/`labs` filter names (api-shapes §6.2). */
export const AREA_INFO_LABS = ['quest', 'labcorp', 'bioreference'] as const satisfies readonly OrderLabSlug[];
export type AreaInfoLab = (typeof AREA_INFO_LABS)[number];

interface CentralLabTerms {
  appointmentWithMeridian: boolean;
  capabilities: PscCapability[];
  supportedBillTypes: BillingType[];
}

export const CENTRAL_LAB_TERMS: Readonly<Record<AreaInfoLab, CentralLabTerms>> = {
  quest: {
    appointmentWithMeridian: true,
    capabilities: ['stat', 'appointment_scheduling_via_meridian'],
    supportedBillTypes: ['client_bill', 'commercial_insurance', 'patient_bill_passthrough', 'patient_bill'],
  },
  labcorp: {
    appointmentWithMeridian: false,
    capabilities: ['stat', 'appointment_scheduling_with_lab'],
    supportedBillTypes: ['client_bill', 'commercial_insurance', 'patient_bill'],
  },
  bioreference: {
    appointmentWithMeridian: false,
    capabilities: ['appointment_scheduling_with_lab'],
    supportedBillTypes: ['client_bill', 'commercial_insurance'],
  },
};

export function centralLabsOf(
  labs: readonly AreaInfoLab[],
  radius: string,
  labIds: ReadonlyMap<string, number>,
  /** Service centers within the radius per lab, from its PSC site directory (lab-psc); absent: 0. */
  siteCounts: ReadonlyMap<string, number> = new Map(),
) {
  const out: Record<string, unknown> = {};
  for (const slug of labs) {
    const labId = labIds.get(slug);
    if (labId === undefined) continue;
    const terms = CENTRAL_LAB_TERMS[slug];
    out[slug] = {
      patient_service_centers: {
        appointment_with_meridian: terms.appointmentWithMeridian,
        within_radius: siteCounts.get(slug) ?? 0,
        radius,
        capabilities: terms.capabilities,
      },
      supported_bill_types: terms.supportedBillTypes,
      lab_id: labId,
    };
  }
  return out;
}
