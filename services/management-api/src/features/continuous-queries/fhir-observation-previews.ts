/**
 * `fhir_observation_previews` of the validate endpoint: for each FHIR observation mapper a query outputs,
 * the output columns feeding it and a template of the FHIR R4 vital-signs Observation written per result
 * row and value column. `{…}` placeholders stand for values known only when the query runs.
 */
import {
  deriveQuery,
  FHIR_MAPPERS,
  type DerivedQuery,
  type FhirObservationMapper,
  type QueryAst,
  type SelectItemNode,
} from '@meridian/query-language';

interface VitalSign {
  loinc: string;
  display: string;
  /** UCUM code and its human-readable unit. */
  ucum: string;
  unit: string;
}

const VITAL_SIGNS: Record<FhirObservationMapper, VitalSign> = {
  [FHIR_MAPPERS.bodyWeight]: { loinc: '29463-7', display: 'Body weight', ucum: 'kg', unit: 'kg' },
  [FHIR_MAPPERS.heartRate]: { loinc: '8867-4', display: 'Heart rate', ucum: '/min', unit: 'beats/minute' },
  [FHIR_MAPPERS.respirationRate]: {
    loinc: '9279-1',
    display: 'Respiratory rate',
    ucum: '/min',
    unit: 'breaths/minute',
  },
};

export interface FhirObservationPreview {
  value_columns: string[];
  observation: Record<string, unknown>;
}

/** Output columns per mapper: each non-key output column, derived on its own, names the mapper it feeds. */
function valueColumnsByMapper(query: QueryAst, derived: DerivedQuery): Map<FhirObservationMapper, string[]> {
  const out = new Map<FhirObservationMapper, string[]>();
  for (const column of derived.outputColumns) {
    if (column.groupKey !== null) continue;
    const alone = deriveQuery({ ...query, select: [column.expr as SelectItemNode] });
    for (const mapper of alone.fhirObservationMappers)
      out.set(mapper, [...(out.get(mapper) ?? []), column.name]);
  }
  return out;
}

function observationTemplate(sign: VitalSign, effectiveColumn: string | null): Record<string, unknown> {
  return {
    resourceType: 'Observation',
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'vital-signs',
            display: 'Vital Signs',
          },
        ],
      },
    ],
    code: {
      coding: [{ system: 'http://loinc.org', code: sign.loinc, display: sign.display }],
      text: sign.display,
    },
    subject: { reference: 'Patient/{user_id}' },
    effectiveDateTime: effectiveColumn === null ? '{evaluated_at}' : `{${effectiveColumn}}`,
    valueQuantity: {
      value: '{value}',
      unit: sign.unit,
      system: 'http://unitsofmeasure.org',
      code: sign.ucum,
    },
  };
}

export function fhirObservationPreviews(
  query: QueryAst,
  derived: DerivedQuery,
): Record<string, FhirObservationPreview> {
  const effective = derived.outputColumns.find((c) => c.groupKey !== null && c.expr.kind === 'date_trunc');
  const previews: Record<string, FhirObservationPreview> = {};
  for (const [mapper, columns] of valueColumnsByMapper(query, derived)) {
    previews[mapper] = {
      value_columns: columns,
      observation: observationTemplate(VITAL_SIGNS[mapper], effective?.name ?? null),
    };
  }
  // In the mappers' order (weight, heart rate, respiration), as `fhir_observation_mappers` lists them.
  return Object.fromEntries(
    derived.fhirObservationMappers.filter((m) => m in previews).map((m) => [m, previews[m]!]),
  );
}
