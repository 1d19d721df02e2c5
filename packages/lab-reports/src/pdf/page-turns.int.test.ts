/**
 * Pages whose text does not run left to right in PDF user space: a landscape report stored as a portrait page
 * turned by `/Rotate`, one printed sideways on a portrait page, a page turned upside down, a page whose media box
 * does not start at the origin, and a diagonal watermark across the rows.
 */
import PDFDocument from 'pdfkit';
import { createLabReportParser, type LabReportParser } from '../parse-lab-report';
import { closeSharedPdfPool, extractPdf } from './pdf-runner';

const ROWS: [string, string, string, string][] = [
  ['Glucose', '92', 'mg/dL', '70-99'],
  ['Creatinine', '0.84', 'mg/dL', '0.57-1.00'],
  ['Sodium', '139', 'mmol/L', '134-144'],
];

type Turn = 0 | 90 | 180 | 270;

/**
 * A landscape report (792 × 612 as read) drawn on a portrait letter page (612 × 792) turned by `turn` degrees
 * clockwise, so that the page as shown (turned by `/Rotate turn` when `rotateEntry`) reads upright; without the
 * entry the report lies sideways (or upside down) on the page.
 */
function turnedReport(turn: Turn, options: { rotateEntry: boolean; watermark?: boolean }): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({
      size: turn % 180 === 0 ? [792, 612] : 'LETTER',
      margin: 0,
      compress: false,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      let text = Buffer.concat(chunks).toString('latin1');
      if (options.rotateEntry && turn !== 0)
        text = text.replace('/Type /Page\n', `/Type /Page\n/Rotate ${turn}\n`);
      resolve(Buffer.from(text, 'latin1'));
    });
    const [w, h] = turn % 180 === 0 ? [792, 612] : [612, 792];
    doc.save();
    // Content space: the report upright, 792 wide; turned against the page's turn so that /Rotate brings it back.
    if (turn === 90) doc.rotate(90, { origin: [0, 0] }).translate(0, -w);
    if (turn === 180) doc.rotate(180, { origin: [w / 2, h / 2] });
    if (turn === 270) doc.rotate(-90, { origin: [0, 0] }).translate(-h, 0);
    doc.fontSize(10);
    doc.text('Patient: Jane Doe   DOB: 01/02/1980   Collected: 11/20/2026', 40, 30, { lineBreak: false });
    ['Test', 'Result', 'Units', 'Reference'].forEach((head, i) =>
      doc.text(head, [40, 300, 400, 500][i], 60, { lineBreak: false }),
    );
    ROWS.forEach((row, r) =>
      row.forEach((cell, i) => doc.text(cell, [40, 300, 400, 500][i], 80 + r * 16, { lineBreak: false })),
    );
    if (options.watermark) {
      doc
        .save()
        .rotate(-30, { origin: [300, 120] })
        .fontSize(40)
        .text('PRELIMINARY', 180, 100, { lineBreak: false });
      doc.restore();
    }
    doc.restore();
    doc.end();
  });
}

describe('turned pages', () => {
  let parser: LabReportParser;
  beforeAll(() => {
    parser = createLabReportParser({ ocrWorkers: 1, pdfWorkers: 1 });
  });
  afterAll(async () => {
    await parser.close();
    await closeSharedPdfPool();
  });

  const rowsOf = async (bytes: Buffer) => {
    const outcome = await parser.parse([{ bytes, mediaType: 'application/pdf' }]);
    if (outcome.status !== 'completed') throw new Error(`failed: ${outcome.failureReason} ${outcome.detail}`);
    expect(outcome.ocrPages).toBe(0);
    return outcome.report.results.map((r) => [r.test_name, r.value, r.units, r.min_reference_range]);
  };
  const expected = ROWS.map(([name, value, unit, range]) => [name, value, unit, Number(range.split('-')[0])]);

  it.each([90, 180, 270] as const)('reads a page turned by /Rotate %i as shown', async (turn) => {
    expect(await rowsOf(await turnedReport(turn, { rotateEntry: true }))).toEqual(expected);
  });

  it.each([90, 180, 270] as const)('reads a report lying turned by %i° on its page', async (turn) => {
    expect(await rowsOf(await turnedReport(turn, { rotateEntry: false }))).toEqual(expected);
  });

  it('gives a turned page the size it is read at, its lines in reading order', async () => {
    const result = await extractPdf(await turnedReport(90, { rotateEntry: true }), {
      maxPages: 30,
      render: false,
      scale: 1,
    });
    if (!result.ok) throw new Error(result.message);
    const page = result.pages[0]!;
    expect([page.width, page.height]).toEqual([792, 612]);
    const test = page.items.find((i) => i.text === 'Test')!;
    const result_ = page.items.find((i) => i.text === 'Result')!;
    expect(test.x).toBeCloseTo(40, 0);
    expect(result_.x).toBeCloseTo(300, 0);
    expect(Math.abs(test.y - result_.y)).toBeLessThan(1);
  });

  it('leaves a diagonal watermark out of the text', async () => {
    const bytes = await turnedReport(0, { rotateEntry: false, watermark: true });
    const result = await extractPdf(bytes, { maxPages: 30, render: false, scale: 1 });
    if (!result.ok) throw new Error(result.message);
    expect(result.pages[0]!.items.map((i) => i.text)).not.toContain('PRELIMINARY');
    expect(await rowsOf(bytes)).toEqual(expected);
  });
});
