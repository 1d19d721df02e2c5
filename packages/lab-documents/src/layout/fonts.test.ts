import { PDFDocument } from 'pdf-lib';
import { embedFonts } from './fonts';

async function fontsFor(...strings: string[]) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  return embedFonts(doc, strings);
}

/** The /BaseFont names of a document using fonts chosen for `strings`. */
async function baseFonts(...strings: string[]): Promise<string[]> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc, strings);
  doc.addPage().drawText(fonts.printable(strings.join(' ')), { font: fonts.regular, size: 9 });
  const raw = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
  return [...raw.matchAll(/\/BaseFont \/([A-Za-z+-]+)/g)].map((m) => m[1]!);
}

describe('embedFonts', () => {
  it('uses the standard fonts when all text is WinAnsi (accents of Western Europe included)', async () => {
    const fonts = await fontsFor('Jane Doe', 'Zoë Ødegård', 'Müller – “quoted” …');
    expect(fonts.embedded).toBe(false);
    expect(fonts.regular.name).toBe('Helvetica');
    expect(fonts.printable('Zoë Ødegård')).toBe('Zoë Ødegård');
  });

  it('embeds DejaVu Sans for Vietnamese, Greek, Cyrillic', async () => {
    const fonts = await fontsFor('Nguyễn Thị Minh Khai', 'Παπαδόπουλος', 'Иванов');
    expect(fonts.embedded).toBe(true);
    expect(await baseFonts('Nguyễn')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[A-Z]{6}\+DejaVuSans$/)]),
    );
    expect(fonts.printable('Nguyễn')).toBe('Nguyễn');
    expect(() => fonts.regular.widthOfTextAtSize(fonts.printable('Παπαδόπουλος Иванов'), 9)).not.toThrow();
  });

  it('prints characters no font covers as "?" and never throws', async () => {
    const fonts = await fontsFor('李小龍', 'Nguyễn');
    expect(fonts.printable('李 Nguyễn')).toBe('? Nguyễn');
    const standard = await fontsFor('Jane');
    // Text the document did not announce still cannot break drawing: Vietnamese falls back to base letters.
    expect(standard.printable('Nguyễn 李\u0007')).toBe('Nguyen ? ');
    expect(() => standard.regular.widthOfTextAtSize(standard.printable('Ωμέγα 😀'), 9)).not.toThrow();
  });

  it('names the subset deterministically', async () => {
    const a = await baseFonts('Nguyễn');
    expect(await baseFonts('Nguyễn')).toEqual(a);
    expect(await baseFonts('Иванов')).not.toEqual(a);
  });
});
