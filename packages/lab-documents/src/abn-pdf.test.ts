import { abnPdf, formatCost } from './abn-pdf';
import { brand, order } from './testing/fixtures';
import { pageContent } from './testing/pdf-bars';
import { pageTexts, readPdfText } from './testing/pdf-text';

async function textOf(pdf: Uint8Array): Promise<string> {
  const [read] = await readPdfText(pdf);
  return pageTexts(read!).join('\n');
}

describe('abnPdf', () => {
  it('lays out the notice: notifier, patient, items with reason and cost, three options, signature and date', async () => {
    const pdf = await abnPdf({ order: order(), brand });
    const text = await textOf(pdf);
    for (const expected of [
      'A. Notifier',
      'Acme Health',
      'B. Patient name',
      'Doe, Jane',
      'C. Identification number',
      order().id,
      'ADVANCE BENEFICIARY NOTICE OF NON-COVERAGE (ABN)',
      'D. Laboratory test E. Reason Medicare may not pay F. Estimated cost',
      'Metabolic Panel',
      '$89.50',
      'OPTION 1.',
      'OPTION 2.',
      'OPTION 3.',
      'I. Signature',
      'J. Date',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // Three option check boxes: unfilled, stroked squares.
    const content = await pageContent(pdf, 0);
    expect(content.match(/0 10 l\n10 10 l\n10 0 l\nh\nS/g)).toHaveLength(3);
  });

  it('lists given items with their reasons and an estimated total', async () => {
    const text = await textOf(
      await abnPdf({
        order: order(),
        items: [
          {
            name: 'Vitamin D, 25-Hydroxy',
            reason: 'Screening is not covered without a qualifying diagnosis.',
            estimated_cost: 49,
          },
          { name: 'Lipid Panel', estimated_cost: 1250.5 },
        ],
        additional_information: 'Call us on 555-0100.',
      }),
    );
    expect(text).toContain('Vitamin D, 25-Hydroxy');
    expect(text).toContain('Screening is not covered without a qualifying diagnosis.');
    expect(text).toContain('$1,250.50');
    expect(text).toContain('Estimated total: $1,299.50');
    expect(text).toContain('Call us on 555-0100.');
  });

  it('formats costs', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(89.5)).toBe('$89.50');
    expect(formatCost(null)).toBe('Not known');
    expect(formatCost(Number.NaN)).toBe('Not known');
    expect(formatCost(-1)).toBe('Not known');
  });

  it('is deterministic', async () => {
    const a = await abnPdf({ order: order(), brand });
    const b = await abnPdf({ order: order(), brand });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
