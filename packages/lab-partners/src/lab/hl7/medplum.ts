/**
 * @medplum/core (its HL7 v2 model), loaded at the first HL7 message built or parsed (issue #16): the data API
 * imports this package for its partner errors and types on every start, and most of its processes never
 * speak HL7. `require`, not `import()`: the package loads as CommonJS under tsx, jest and the compiled build
 * alike, and the HL7 functions stay synchronous. Types come from `import type` at each use site.
 */
import type * as Medplum from '@medplum/core';
import type { Hl7Message, Hl7Segment } from '@medplum/core';

let loaded: typeof Medplum | undefined;

function medplum(): typeof Medplum {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('@medplum/core') as typeof Medplum;
  return loaded;
}

/** `Hl7Message.parse`. */
export function parseHl7(text: string): Hl7Message {
  return medplum().Hl7Message.parse(text);
}

/** `new Hl7Message(segments)`. */
export function hl7Message(...args: ConstructorParameters<typeof Medplum.Hl7Message>): Hl7Message {
  return new (medplum().Hl7Message)(...args);
}

/** `new Hl7Segment(fields)`. */
export function hl7Segment(...args: ConstructorParameters<typeof Medplum.Hl7Segment>): Hl7Segment {
  return new (medplum().Hl7Segment)(...args);
}
