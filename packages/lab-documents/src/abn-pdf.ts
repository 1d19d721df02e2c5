/**
 * Advance Beneficiary Notice of Non-coverage, laid out as form CMS-R-131 (sections A–J): notifier, patient,
 * the items Medicare may not pay for with reason and estimated cost, the three options with check boxes, and
 * the signature and date lines. The form's wording is the standard CMS text (a US government form).
 */
import { patientName, subjectLine } from './format';
import { documentDate, finishDocument, startDocument, stringsOf } from './layout/document';
import { LIMITS } from './layout/limits';
import { INK, MUTED } from './layout/page-flow';
import { clip, clipNote } from './layout/text';
import { type DocumentOptions, type DocumentOrder, type TeamBrand } from './types';

export interface AbnItem {
  name: string;
  reason?: string | null;
  /** US dollars; null when unknown. */
  estimated_cost?: number | null;
}

export interface AbnInput {
  order: DocumentOrder;
  /** Items the notice covers; by default the order's lab test at its price. */
  items?: AbnItem[] | null;
  /** Section H, additional information. */
  additional_information?: string | null;
  brand?: TeamBrand | null;
}

const DEFAULT_REASON = 'Medicare may not consider this test medically necessary for your diagnosis.';

export function formatCost(cost: number | null | undefined): string {
  if (cost === null || cost === undefined || !Number.isFinite(cost) || cost < 0) return 'Not known';
  return `$${cost.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const OPTIONS = [
  'OPTION 1. I want the laboratory tests listed above. You may ask to be paid now, but I also want Medicare billed for an official decision on payment, which is sent to me on a Medicare Summary Notice (MSN). I understand that if Medicare doesn’t pay, I am responsible for payment, but I can appeal to Medicare by following the directions on the MSN. If Medicare does pay, you will refund any payments I made to you, less co-pays or deductibles.',
  'OPTION 2. I want the laboratory tests listed above, but do not bill Medicare. You may ask to be paid now as I am responsible for payment. I cannot appeal if Medicare is not billed.',
  'OPTION 3. I don’t want the laboratory tests listed above. I understand with this choice I am not responsible for payment, and I cannot appeal to see if Medicare would pay.',
];

export async function abnPdf(input: AbnInput, options: DocumentOptions = {}): Promise<Uint8Array> {
  const { order } = input;
  const items: AbnItem[] =
    input.items && input.items.length > 0
      ? input.items
      : [{ name: order.lab_test.name, estimated_cost: order.lab_test.price ?? null }];
  const flow = await startDocument({
    title: 'Advance Beneficiary Notice of Non-coverage (ABN)',
    brand: input.brand,
    header: { title: 'Advance Beneficiary Notice (ABN)', subject: subjectLine(order) },
    createdAt: documentDate(options.createdAt, order.updated_at, order.created_at),
    strings: stringsOf([
      order.patient_details,
      order.id,
      items.slice(0, LIMITS.tableRows),
      input.additional_information,
    ]),
  });

  flow.fields(
    [
      ['A. Notifier', flow.brand.name],
      ['B. Patient name', patientName(order.patient_details)],
      ['C. Identification number', clip(order.id, 48)],
    ],
    2,
  );
  flow.gap(4);
  flow.line('ADVANCE BENEFICIARY NOTICE OF NON-COVERAGE (ABN)', { size: 12, bold: true });
  flow.paragraph(
    'NOTE: If Medicare doesn’t pay for the laboratory tests below, you may have to pay.',
    { size: 9.5, bold: true },
    2,
  );
  flow.paragraph(
    'Medicare does not pay for everything, even some care that you or your health care provider have good reason to think you need. We expect Medicare may not pay for the laboratory tests below.',
    { size: 9 },
    4,
  );
  flow.gap(4);
  const shown = items.slice(0, LIMITS.tableRows);
  flow.table(
    [
      { header: 'D. Laboratory test', share: 3 },
      { header: 'E. Reason Medicare may not pay', share: 4 },
      { header: 'F. Estimated cost', share: 1.5, align: 'right' },
    ],
    shown.map((item) => ({
      cells: [
        clip(item.name, 120),
        clip(item.reason ?? DEFAULT_REASON, 300),
        formatCost(item.estimated_cost),
      ],
    })),
    8.5,
  );
  if (items.length > shown.length)
    flow.line(`+${items.length - shown.length} more items`, { size: 8, color: MUTED });
  const known = shown
    .map((i) => i.estimated_cost)
    .filter((c): c is number => typeof c === 'number' && Number.isFinite(c) && c >= 0);
  if (shown.length > 1 && known.length === shown.length) {
    flow.line(`Estimated total: ${formatCost(known.reduce((a, b) => a + b, 0))}`, { size: 9, bold: true });
  }

  flow.section('What you need to do now', 60);
  for (const text of [
    'Read this notice, so you can make an informed decision about your care.',
    'Ask us any questions that you may have after you finish reading.',
    'Choose an option below about whether to receive the laboratory tests listed above.',
  ]) {
    flow.paragraph(`•  ${text}`, { size: 9 }, 2, 6);
  }
  flow.paragraph(
    'Note: If you choose Option 1 or 2, we may help you to use any other insurance that you might have, but Medicare cannot require us to do this.',
    { size: 8.5, color: MUTED },
    3,
  );

  flow.section('G. Options: check only one box. We cannot choose a box for you.', 80);
  for (const option of OPTIONS) {
    flow.ensure(44);
    const top = flow.y;
    flow.page.drawRectangle({
      x: flow.left,
      y: top - 11,
      width: 10,
      height: 10,
      borderColor: INK,
      borderWidth: 0.9,
    });
    flow.paragraph(option, { size: 8.5 }, 6, 18);
    flow.gap(4);
  }

  flow.section('H. Additional information', 30);
  if (input.additional_information)
    flow.paragraph(clipNote(input.additional_information, 1_000), { size: 8.5 }, 6);
  flow.paragraph(
    'This notice gives our opinion, not an official Medicare decision. If you have other questions on this notice or Medicare billing, call 1-800-MEDICARE (1-800-633-4227/TTY: 1-877-486-2048).',
    { size: 8.5 },
    3,
  );
  flow.paragraph(
    'Signing below means that you have received and understand this notice. You also receive a copy.',
    { size: 8.5 },
    2,
  );

  flow.ensure(60);
  flow.gap(36);
  const signatureWidth = flow.width * 0.62;
  flow.page.drawLine({
    start: { x: flow.left, y: flow.y },
    end: { x: flow.left + signatureWidth, y: flow.y },
    thickness: 0.8,
    color: INK,
  });
  flow.drawText('I. Signature', flow.left, flow.y - 10, signatureWidth, { size: 8, color: MUTED });
  const dateX = flow.left + signatureWidth + 24;
  flow.page.drawLine({
    start: { x: dateX, y: flow.y },
    end: { x: flow.left + flow.width, y: flow.y },
    thickness: 0.8,
    color: INK,
  });
  flow.drawText('J. Date', dateX, flow.y - 10, flow.width - signatureWidth - 24, { size: 8, color: MUTED });
  flow.gap(18);
  flow.line('Layout follows CMS form CMS-R-131.', { size: 7, color: MUTED });

  return finishDocument(flow, `ABN for order ${clip(order.id, 48)} · ${flow.brand.name}`);
}
