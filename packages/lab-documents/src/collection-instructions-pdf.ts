/** Patient instructions for a lab test's collection: preparation (fasting), then the steps of its method. */
import { formatDate, methodLabel, patientName, sampleLabel, subjectLine } from './format';
import { documentDate, finishDocument, startDocument, stringsOf } from './layout/document';
import { LIMITS } from './layout/limits';
import { MUTED } from './layout/page-flow';
import { clip } from './layout/text';
import {
  type CollectionMethod,
  type DocumentLabTest,
  type DocumentOptions,
  type DocumentOrder,
  type SampleType,
  type TeamBrand,
} from './types';

export interface CollectionInstructionsInput {
  lab_test: DocumentLabTest;
  /** The order the instructions are for, when there is one (patient line, specimen id, method). */
  order?: DocumentOrder | null;
  /** Overrides the lab test's (or the order's) collection method. */
  collection_method?: CollectionMethod | null;
  brand?: TeamBrand | null;
}

const FASTING = [
  'Fast for 8 to 12 hours before the collection: no food, coffee, tea, juice, alcohol or chewing gum.',
  'Plain water is fine and helps the collection; keep drinking it.',
  'Take your usual medicines unless your physician told you otherwise.',
];

const NOT_FASTING = ['No fasting is needed: eat and drink as usual.', 'Drink water before the collection.'];

/** Per method: the steps before the specimen's own collection steps, and those after. */
const METHOD_STEPS: Record<CollectionMethod, { before: string[]; after: string[] }> = {
  at_home_phlebotomy: {
    before: [
      'A phlebotomist comes to your address within your appointment window. Keep your phone on: they may call on the way.',
      'Have a government photo ID ready, and this requisition or your order ID.',
      'Wear a short-sleeved or loose top so your upper arm is easy to reach.',
      'The draw takes about 10 to 15 minutes. Tell the phlebotomist if you have fainted during a blood draw before.',
    ],
    after: [
      'Keep the bandage on for at least 15 minutes and avoid lifting heavy objects with that arm for a few hours.',
    ],
  },
  walk_in_test: {
    before: [
      'Go to the patient service center on your appointment, or during walk-in hours.',
      'Bring a government photo ID and your requisition (printed or on your phone).',
      'Tell the staff whether you have fasted and when you last ate.',
      'The visit usually takes 15 to 30 minutes including check-in.',
    ],
    after: [],
  },
  testkit: {
    before: [
      'Open the kit and check it holds every item listed on its leaflet. Do not use a damaged or expired kit.',
      'Collect the sample on a Monday to Thursday, so it does not wait in transit over a weekend.',
    ],
    after: [
      'Write the collection date and time on the sample label and stick the label on the sample.',
      'Pack the sample in the biohazard bag and return box, and send it the same day with the prepaid label.',
    ],
  },
  on_site_collection: {
    before: [
      'The collection happens at your site with trained staff; follow their instructions.',
      'Bring a government photo ID.',
      'Tell the staff whether you have fasted and when you last ate.',
    ],
    after: [],
  },
};

const SAMPLE_STEPS: Record<SampleType, string[]> = {
  dried_blood_spot: [
    'Wash your hands in warm water for 30 seconds and dry them; warm hands bleed more easily.',
    'Sit down and let your arm hang for a minute. Prick the side of a fingertip with the lancet.',
    'Wipe away the first drop. Let one large drop fall into each circle on the card until it is filled; do not touch the card.',
    'Let the card dry flat at room temperature for at least 3 hours, out of the sun, before packing it.',
  ],
  arm_collector: [
    'Clean the upper arm with the alcohol wipe and let it dry.',
    'Place the collector on the arm and press its button firmly; keep still while it fills.',
    'Remove it when the indicator shows it is full, close it with its cap, and put on the bandage.',
  ],
  serum: [
    'This test needs a venous blood draw by a trained phlebotomist; the collector handles the tubes.',
    'Drink water beforehand: it makes the veins easier to find.',
  ],
  saliva: [
    'Do not eat, drink, smoke or chew gum for 30 minutes before collecting.',
    'Spit into the tube until the liquid (not the bubbles) reaches the fill line.',
    'Close the lid firmly to release the stabilising liquid, then shake the tube for 5 seconds.',
  ],
  urine: [
    'Collect the first urine of the morning when possible.',
    'Wash your hands. Start urinating into the toilet, then collect the midstream portion in the cup.',
    'Close the cup tightly and keep it cool until it is packed or handed over.',
  ],
};

/** The steps for a method and specimen type: the method's, with the specimen's own in between. */
export function collectionSteps(method: CollectionMethod, sample: SampleType): string[] {
  const steps = METHOD_STEPS[method] ?? { before: [], after: [] };
  // Venous draws are the collector's job: the patient-facing steps are the method's.
  const includeSample = method === 'testkit' || sample !== 'serum';
  return [...steps.before, ...(includeSample ? (SAMPLE_STEPS[sample] ?? []) : []), ...steps.after];
}

export async function collectionInstructionsPdf(
  input: CollectionInstructionsInput,
  options: DocumentOptions = {},
): Promise<Uint8Array> {
  const test = input.lab_test;
  const order = input.order ?? null;
  const method = input.collection_method ?? order?.collection_method ?? test.method;
  const subject = order ? subjectLine(order) : `Lab test: ${clip(test.name, 100)}`;
  const flow = await startDocument({
    title: 'Collection Instructions',
    brand: input.brand,
    header: { title: 'Collection Instructions', subject },
    createdAt: documentDate(options.createdAt, order?.updated_at, order?.created_at),
    strings: stringsOf([
      test.name,
      test.lab,
      (test.markers ?? []).slice(0, LIMITS.markers),
      order?.patient_details,
      order?.sample_id,
    ]),
  });

  flow.section('Your test', 50);
  flow.fields(
    [
      ['Lab test', clip(test.name, 100)],
      ['Collection method', methodLabel(method)],
      ['Specimen type', sampleLabel(test.sample_type)],
      ['Performing lab', clip(test.lab?.name, 80)],
      ...(order
        ? ([
            ['Patient', patientName(order.patient_details)],
            ['Date of birth', formatDate(order.patient_details?.dob)],
          ] as const)
        : []),
    ],
    2,
  );

  flow.section(test.fasting ? 'Preparation: fasting required' : 'Preparation', 40);
  bullets(flow, test.fasting ? FASTING : NOT_FASTING);

  flow.section('Steps', 40);
  collectionSteps(method, test.sample_type).forEach((step, i) => {
    flow.ensure(26);
    const top = flow.y;
    flow.drawText(`${i + 1}.`, flow.left, top - 9.5, 16, { size: 9.5, bold: true, color: flow.brand.ink });
    flow.paragraph(step, { size: 9.5 }, 4, 18);
    flow.gap(3);
  });

  const markers = test.markers ?? [];
  if (markers.length > 0) {
    flow.section('Tests included', 20);
    const names = markers.slice(0, LIMITS.markers).map((m) => clip(m.name, 80));
    const more = markers.length - names.length;
    flow.paragraph(names.join(', ') + (more > 0 ? ` (+${more} more)` : ''), { size: 8.5 }, 20);
  }

  flow.gap(8);
  flow.paragraph(
    'Questions or feeling unwell after a collection? Contact your provider. In an emergency call 911.',
    { size: 8, color: MUTED },
    3,
  );
  const footer = order
    ? `Instructions for order ${clip(order.id, 48)}`
    : `Instructions for ${clip(test.name, 80)}`;
  return finishDocument(flow, `${footer} · ${flow.brand.name}`);
}

function bullets(flow: Awaited<ReturnType<typeof startDocument>>, items: readonly string[]): void {
  for (const item of items) {
    flow.ensure(14);
    flow.drawText('•', flow.left + 4, flow.y - 9.5, 10, { size: 9.5, color: flow.brand.ink });
    flow.paragraph(item, { size: 9.5 }, 4, 18);
  }
}
