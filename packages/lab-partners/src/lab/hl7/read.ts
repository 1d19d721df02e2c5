/** Reading unescaped text out of @medplum/core's HL7 model (1-based field and component indexes). */
import type { Hl7Segment } from '@medplum/core';
import type { Hl7Delimiters } from './text';
import { unescapeHl7 } from './text';

export function delimitersOf(segment: Hl7Segment): Hl7Delimiters {
  const c = segment.context;
  return {
    field: c.fieldSeparator,
    component: c.componentSeparator,
    repetition: c.repetitionSeparator,
    escape: c.escapeCharacter,
    subcomponent: c.subcomponentSeparator,
  };
}

/** Number of repetitions of a field (0 when the field is absent or empty). */
export function repetitionCount(segment: Hl7Segment, field: number): number {
  const f = segment.getField(field);
  if (!f) return 0;
  if (f.components.length === 1 && f.components[0]!.every((c) => c === '')) return 0;
  return f.components.length;
}

/** One component's first subcomponent (or the one asked for), unescaped and trimmed ('' when absent). */
export function readText(
  segment: Hl7Segment,
  field: number,
  component = 1,
  repetition = 0,
  subcomponent = 1,
): string {
  const f = segment.getField(field);
  if (!f || repetition >= f.components.length) return '';
  const d = delimitersOf(segment);
  const raw = (f.components[repetition]![component - 1] ?? '').split(d.subcomponent)[subcomponent - 1] ?? '';
  return unescapeHl7(raw, d).trim();
}

/**
 * A whole free-text field: each repetition's components rejoined with the component separator (text types
 * should escape it, but labs do not always), unescaped; repetitions joined with a line break.
 */
export function readFreeText(segment: Hl7Segment, field: number): string {
  const f = segment.getField(field);
  if (!f) return '';
  const d = delimitersOf(segment);
  return f.components
    .map((rep) => rep.map((c) => unescapeHl7(c, d)).join(d.component))
    .join('\n')
    .trim();
}
