import { tinyPdf } from './lab-report-review.fixtures';
import { createPdfPages } from './pdf-pages';

describe('PDF page images for reviewers', () => {
  const pages = createPdfPages({ concurrency: 1 });

  it('counts the pages and draws each as a PNG; no page past the end', async () => {
    const pdf = tinyPdf(3);
    expect(await pages.count(pdf)).toBe(3);
    const [first, third, fourth] = await Promise.all([
      pages.renderPng(pdf, 1),
      pages.renderPng(pdf, 3),
      pages.renderPng(pdf, 4),
    ]);
    for (const png of [first, third]) expect(png?.subarray(1, 4).toString('latin1')).toBe('PNG');
    // 300 × 800 points at 1.5 pixels per point.
    expect(first!.readUInt32BE(16)).toBe(450);
    expect(first!.readUInt32BE(20)).toBe(1200);
    expect(fourth).toBeNull();
  }, 30_000);

  it('answers null for bytes that are not a PDF instead of failing', async () => {
    const junk = Buffer.from('%PDF-1.7\nthis is not really a pdf');
    expect(await pages.count(junk)).toBeNull();
    expect(await pages.renderPng(junk, 1)).toBeNull();
  }, 30_000);
});
