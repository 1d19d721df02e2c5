/** The lab requisition: who is tested, who ordered what and why, and the specimen id as text and barcode. */
import { drawCode128, encodeCode128 } from './barcode/code128';
import {
  billingLabel,
  formatDate,
  methodLabel,
  methodOf,
  patientName,
  sampleLabel,
  subjectLine,
} from './format';
import { documentDate, finishDocument, startDocument, stringsOf } from './layout/document';
import { LIMITS } from './layout/limits';
import { INK, MUTED } from './layout/page-flow';
import { clip, clipNote } from './layout/text';
import { type DocumentOptions, type DocumentOrder, type TeamBrand } from './types';

export interface RequisitionInput {
  order: DocumentOrder;
  brand?: TeamBrand | null;
}

export async function requisitionPdf(
  input: RequisitionInput,
  options: DocumentOptions = {},
): Promise<Uint8Array> {
  const { order } = input;
  // Fail before drawing anything when the specimen id cannot be a barcode.
  const barcode = order.sample_id ? encodeCode128(order.sample_id) : null;
  const flow = await startDocument({
    title: 'Laboratory Requisition',
    brand: input.brand,
    header: { title: 'Laboratory Requisition', subject: subjectLine(order) },
    createdAt: documentDate(options.createdAt, order.created_at),
    strings: stringsOf(order),
  });
  const patient = order.patient_details;
  const address = order.patient_address;

  flow.section('Specimen', 72);
  const top = flow.y;
  flow.fields(
    [
      ['Specimen / sample ID', order.sample_id ? clip(order.sample_id, 48) : 'Assigned at collection'],
      ['Collector initials', null],
      ['Collection date', null],
      ['Collection time', null],
    ],
    2,
    flow.width * 0.6,
  );
  if (barcode) {
    // The barcode sits on the right, beside the specimen fields.
    const x = flow.left + flow.width * 0.6;
    const width = flow.width * 0.4;
    drawCode128(flow.page, barcode, { x, y: top - 44, width, height: 38 });
    const textWidth = flow.fonts.regular.widthOfTextAtSize(flow.fonts.printable(barcode.text), 9);
    flow.drawText(barcode.text, x + Math.max(0, (width - textWidth) / 2), top - 56, width, { size: 9 });
  }
  flow.gap(6);

  flow.section('Patient');
  flow.fields(
    [
      ['Name (last, first)', patientName(patient)],
      ['Date of birth', formatDate(patient?.dob)],
      ['Sex', clip(patient?.gender ?? '', 20)],
      ['Phone', clip(patient?.phone_number ?? address?.phone_number, 40)],
      ['Email', clip(patient?.email, 80)],
      [
        'Address',
        address ? clip([address.first_line, address.second_line].filter(Boolean).join(', '), 100) : '',
      ],
      ['City, state, ZIP', address ? clip(`${address.city}, ${address.state} ${address.zip}`, 80) : ''],
      ['Country', clip(address?.country, 40)],
    ],
    2,
  );

  flow.section('Ordering physician');
  const physician = order.physician;
  flow.fields(
    [
      ['Physician', physician ? clip(`${physician.first_name} ${physician.last_name}`, 80) : 'Not provided'],
      ['NPI', clip(physician?.npi, 20)],
    ],
    2,
  );

  flow.section('Order');
  const test = order.lab_test;
  flow.fields(
    [
      ['Order ID', clip(order.id, 48)],
      ['Lab test', clip(test.name, 100)],
      ['Performing lab', clip(test.lab?.name, 80)],
      ['Collection method', methodLabel(methodOf(order))],
      ['Specimen type', sampleLabel(test.sample_type)],
      ['Billing', billingLabel(order.billing_type)],
      ['Priority', order.priority ? 'STAT' : 'Routine'],
      ['Fasting required', test.fasting ? 'Yes' : 'No'],
      ['Ordered', formatDate(order.created_at)],
    ],
    2,
  );

  flow.section('Diagnosis codes (ICD-10)', 20);
  const codes = (order.icd_codes ?? []).map((c) => clip(c, 12)).filter((c) => c !== '');
  const shown = codes.slice(0, LIMITS.icdCodes);
  const more = codes.length - shown.length;
  flow.paragraph(
    shown.length === 0 ? 'None provided' : shown.join(', ') + (more > 0 ? ` (+${more} more)` : ''),
    {},
    4,
  );

  flow.section('Tests ordered', 50);
  const markers = test.markers ?? [];
  const rows = markers.slice(0, LIMITS.markers).map((m) => ({
    cells: [clip(m.provider_id ?? '', 20) || '—', clip(m.name, 120), clip(m.loinc ?? '', 12) || '—'],
  }));
  if (rows.length === 0) rows.push({ cells: [clip(test.slug, 20), clip(test.name, 120), '—'] });
  flow.table(
    [
      { header: 'Lab code', share: 1.1 },
      { header: 'Test / marker', share: 4 },
      { header: 'LOINC', share: 1 },
    ],
    rows,
  );
  if (markers.length > rows.length)
    flow.line(`+${markers.length - rows.length} more markers not listed`, { size: 8, color: MUTED });

  if (order.clinical_notes) {
    flow.section('Clinical notes', 20);
    flow.paragraph(clipNote(order.clinical_notes), { size: 8.5 });
  }

  flow.section('Authorization', 70);
  flow.paragraph(
    'I certify that the tests above are medically necessary for the patient named on this requisition.',
    { size: 8.5 },
    2,
  );
  flow.ensure(56);
  flow.gap(34);
  const half = flow.width / 2 - 12;
  for (const [x, label] of [
    [
      flow.left,
      `Physician signature${physician ? ` (${clip(`${physician.first_name} ${physician.last_name}`, 60)}, NPI ${clip(physician.npi, 20)})` : ''}`,
    ],
    [flow.left + flow.width / 2 + 12, 'Date'],
  ] as const) {
    flow.page.drawLine({
      start: { x, y: flow.y },
      end: { x: x + half, y: flow.y },
      thickness: 0.7,
      color: INK,
    });
    flow.drawText(label, x, flow.y - 10, half, { size: 7.5, color: MUTED });
  }
  flow.gap(16);

  return finishDocument(flow, `Requisition for order ${clip(order.id, 48)} · ${flow.brand.name}`);
}
