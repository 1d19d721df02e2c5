import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import type { UploadFile } from '@meridian/lab-report-upload';
import { createLabReportParser } from './parse-lab-report';
import type { LabReportParser, ParseOutcome } from './parse-lab-report';

jest.setTimeout(120_000);

type Draw = (doc: PDFKit.PDFDocument) => void;

function pdf(...pages: Draw[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    pages.forEach((draw, i) => {
      if (i > 0) doc.addPage({ size: 'LETTER', margin: 0 });
      draw(doc);
    });
    doc.end();
  });
}

const text = (doc: PDFKit.PDFDocument, s: string, x: number, y: number, size = 9, bold = false): void => {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .text(s, x, y, { lineBreak: false });
};

function header(doc: PDFKit.PDFDocument): void {
  text(doc, 'Northwind Clinical Laboratories', 40, 30, 17, true);
  text(doc, 'Patient:', 40, 70, 9, true);
  text(doc, 'DOE, JANE', 112, 70);
  text(doc, 'Specimen ID:', 326, 70, 9, true);
  text(doc, 'NW24-0031877', 416, 70);
  text(doc, 'DOB:', 40, 84, 9, true);
  text(doc, '03/14/1975', 112, 84);
  text(doc, 'Collected:', 326, 84, 9, true);
  text(doc, '03/14/2024 08:12', 416, 84);
  text(doc, 'Sex:', 40, 98, 9, true);
  text(doc, 'F', 112, 98);
  text(doc, 'Reported:', 326, 98, 9, true);
  text(doc, 'Mar 16, 2024', 416, 98);
  for (const [x, title] of [
    [40, 'Test'],
    [215, 'Result'],
    [290, 'Flag'],
    [340, 'Units'],
    [420, 'Reference Range'],
  ] as const) {
    text(doc, title, x, 130, 9, true);
  }
}

function row(doc: PDFKit.PDFDocument, y: number, cells: [string, string, string, string, string]): void {
  [40, 215, 290, 340, 420].forEach((x, i) => cells[i] && text(doc, cells[i], x, y));
}

const reportPages: Draw[] = [
  (doc) => {
    header(doc);
    text(doc, 'Comprehensive Metabolic Panel', 40, 150, 9.5, true);
    row(doc, 166, ['Glucose', '250', 'HH', 'mg/dL', '70-99']);
    row(doc, 180, ['Sodium', '140', '', 'mmol/L', '134-144']);
    row(doc, 194, ['Potassium', '3.1', 'L', 'mmol/L', '3.5-5.2']);
    text(doc, 'Page 1 of 2', 520, 760, 7);
  },
  (doc) => {
    header(doc);
    text(doc, 'Lipid Panel', 40, 150, 9.5, true);
    row(doc, 166, ['Cholesterol, Total', '189', '', 'mg/dL', '<200']);
    row(doc, 180, ['HDL Cholesterol', '35', '', 'mg/dL', '>39']);
    text(doc, 'Page 2 of 2', 520, 760, 7);
  },
];

const asPdf = (bytes: Buffer): UploadFile[] => [{ bytes, mediaType: 'application/pdf' }];

function failure(outcome: ParseOutcome): string {
  return outcome.status === 'failed' ? outcome.failureReason : 'completed';
}

describe('createLabReportParser', () => {
  let parser: LabReportParser;
  beforeAll(() => {
    parser = createLabReportParser({ ocrWorkers: 1 });
  });
  afterAll(async () => {
    await parser.close();
  });

  it('parses a two-page text report: rows, panels, interpretation, metadata and LOINC', async () => {
    const outcome = await parser.parse(asPdf(await pdf(...reportPages)));
    if (outcome.status !== 'completed') throw new Error(`failed: ${outcome.failureReason} ${outcome.detail}`);
    expect([outcome.pages, outcome.ocrPages]).toEqual([2, 0]);
    const { metadata, results } = outcome.report;
    expect(metadata).toEqual({
      patient_first_name: 'JANE',
      patient_last_name: 'DOE',
      dob: '1975-03-14',
      lab_name: 'Northwind Clinical Laboratories',
      date_reported: '2024-03-16',
      date_collected: '2024-03-14',
      specimen_number: 'NW24-0031877',
      gender: 'female',
    });
    expect(
      results.map((r) => [r.test_name, r.value, r.units, r.min_reference_range, r.max_reference_range]),
    ).toEqual([
      ['Glucose', '250', 'mg/dL', 70, 99],
      ['Sodium', '140', 'mmol/L', 134, 144],
      ['Potassium', '3.1', 'mmol/L', 3.5, 5.2],
      ['Cholesterol, Total', '189', 'mg/dL', null, 200],
      ['HDL Cholesterol', '35', 'mg/dL', 39, null],
    ]);
    expect(results.map((r) => [r.interpretation, r.is_above_max_range, r.is_below_min_range])).toEqual([
      ['critical', true, false],
      ['normal', false, false],
      ['abnormal', false, true],
      ['normal', false, null],
      ['abnormal', null, true],
    ]);
    expect(results.map((r) => r.source_panel_name)).toEqual([
      'Comprehensive Metabolic Panel',
      'Comprehensive Metabolic Panel',
      'Comprehensive Metabolic Panel',
      'Lipid Panel',
      'Lipid Panel',
    ]);
    const glucose = results[0];
    expect(glucose?.type).toBe('numeric');
    expect(glucose?.loinc_matches[0]?.loinc_code).toBe('2345-7');
    expect(glucose?.loinc_match_status).toBe('auto_match');
    expect(glucose?.sample_type).toBe('serum_plasma_blood');
    expect(outcome.needsHumanReview).toBe(results.some((r) => r.loinc_match_status !== 'auto_match'));
  });

  it('fails a non-English report with not_english', async () => {
    const german = await pdf((doc) => {
      text(doc, 'Laborbefund', 40, 30, 16, true);
      text(doc, 'Patient: Müller, Anna   Geburtsdatum: 14.03.1975   Entnahmedatum: 14.03.2024', 40, 60);
      text(doc, 'Untersuchung', 40, 90, 9, true);
      text(doc, 'Ergebnis', 215, 90, 9, true);
      text(doc, 'Einheit', 340, 90, 9, true);
      text(doc, 'Referenzbereich', 420, 90, 9, true);
      row(doc, 110, ['Glukose', '95', '', 'mg/dl', '70-99']);
      row(doc, 124, ['Hämoglobin', '13,5', '', 'g/dl', '12-16']);
      text(doc, 'Bemerkung: Die Probe wurde nüchtern entnommen und ist für die Befundung geeignet.', 40, 150);
      text(
        doc,
        'Der Befund wurde von der Laborärztin freigegeben. Bitte wenden Sie sich bei Fragen an das Labor.',
        40,
        164,
      );
    });
    expect(failure(await parser.parse(asPdf(german)))).toBe('not_english');
  });

  it('fails an English document without results with invalid_input, and a corrupt PDF too', async () => {
    const letter = await pdf((doc) => {
      text(doc, 'Juniper Hollow Dental Care', 40, 30, 16, true);
      text(
        doc,
        'Dear Ms. Doe, this is a reminder of your dental appointment on Tuesday at 10:30 in the morning.',
        40,
        80,
      );
      text(
        doc,
        'Please arrive fifteen minutes early and bring your insurance card. We look forward to seeing you.',
        40,
        94,
      );
    });
    expect(failure(await parser.parse(asPdf(letter)))).toBe('invalid_input');
    const corrupt = Buffer.concat([letter.subarray(0, 300), Buffer.from('garbage'.repeat(20))]);
    expect(failure(await parser.parse(asPdf(corrupt)))).toBe('invalid_input');
  });

  it('fails more than 30 pages with too_many_pages', async () => {
    const many = await pdf(...Array.from({ length: 31 }, () => reportPages[0] as Draw));
    expect(failure(await parser.parse(asPdf(many)))).toBe('too_many_pages');
  });

  it('times out a parse with processing_error and still works afterwards', async () => {
    const quick = createLabReportParser({ timeoutMs: 1 });
    try {
      const outcome = await quick.parse(asPdf(await pdf(...reportPages)));
      expect(outcome).toMatchObject({ status: 'failed', failureReason: 'processing_error' });
    } finally {
      await quick.close();
    }
  });

  it('reads a report whose results are cards, and one whose results are sentences (not invalid_input)', async () => {
    const cards = await pdf((doc) => {
      text(doc, 'Bluebird Health Portal', 40, 30, 16, true);
      text(doc, 'Patient: Maria Lopez', 40, 60);
      text(doc, 'Date of Birth: 07/22/1980', 300, 60);
      const card = (x: number, y: number, name: string, value: string, range: string): void => {
        text(doc, name, x, y, 10, true);
        text(doc, value, x, y + 16, 14);
        text(doc, range, x, y + 36, 8);
      };
      card(40, 100, 'Vitamin D, 25-Hydroxy', '22 ng/mL', 'Reference: 30-100');
      card(240, 100, 'Ferritin', '48 ng/mL', 'Reference: 15-150');
      card(40, 170, 'Hemoglobin A1c', '5.4 %', 'Reference: 4.0-5.6');
      card(240, 170, 'TSH', '2.10 uIU/mL', 'Reference: 0.45-4.50');
    });
    const cardOutcome = await parser.parse(asPdf(cards));
    if (cardOutcome.status !== 'completed') throw new Error(`failed: ${cardOutcome.failureReason}`);
    expect(
      cardOutcome.report.results.map((r) => [
        r.test_name,
        r.value,
        r.units,
        r.min_reference_range,
        r.max_reference_range,
        r.interpretation,
      ]),
    ).toEqual([
      ['Vitamin D, 25-Hydroxy', '22', 'ng/mL', 30, 100, 'abnormal'],
      ['Ferritin', '48', 'ng/mL', 15, 150, 'normal'],
      ['Hemoglobin A1c', '5.4', '%', 4, 5.6, 'normal'],
      ['TSH', '2.10', 'uIU/mL', 0.45, 4.5, 'normal'],
    ]);
    expect(cardOutcome.report.results[2]?.type).toBe('percentage');

    const prose = await pdf((doc) => {
      text(doc, 'Riverside Family Clinic Laboratory', 40, 30, 16, true);
      text(doc, 'Dear Mr. Okafor, we have reviewed the blood tests taken on March 3, 2024.', 40, 70);
      text(
        doc,
        'Your hemoglobin A1c was 6.1 % (reference 4.0-5.6), which is slightly high. Your LDL',
        40,
        84,
      );
      text(
        doc,
        'cholesterol: 118 mg/dL, ref < 130. Your creatinine was 1.02 mg/dL (normal 0.70-1.30).',
        40,
        98,
      );
    });
    const proseOutcome = await parser.parse(asPdf(prose));
    if (proseOutcome.status !== 'completed') throw new Error(`failed: ${proseOutcome.failureReason}`);
    expect(
      proseOutcome.report.results.map((r) => [
        r.test_name,
        r.value,
        r.units,
        r.max_reference_range,
        r.interpretation,
      ]),
    ).toEqual([
      ['hemoglobin A1c', '6.1', '%', 5.6, 'abnormal'],
      ['LDL cholesterol', '118', 'mg/dL', 130, 'normal'],
      ['creatinine', '1.02', 'mg/dL', 1.3, 'normal'],
    ]);
  });

  it('turns a scanned page lying on its side and tilted by 3° upright before OCR', async () => {
    const scale = 200 / 72;
    const page = createCanvas(Math.round(612 * scale), Math.round(290 * scale));
    const ctx = page.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, page.width, page.height);
    ctx.scale(scale, scale);
    ctx.fillStyle = '#000';
    ctx.textBaseline = 'top';
    const draw = (s: string, x: number, y: number, size = 10) => {
      ctx.font = `${size}px "DejaVu Sans"`;
      ctx.fillText(s, x, y);
    };
    draw('Northwind Clinical Laboratories', 40, 30, 16);
    draw('Test', 40, 80);
    draw('Result', 215, 80);
    draw('Units', 340, 80);
    draw('Reference Range', 420, 80);
    draw('Glucose', 40, 105);
    draw('95', 215, 105);
    draw('mg/dL', 340, 105);
    draw('70-99', 420, 105);
    draw('Sodium', 40, 125);
    draw('140', 215, 125);
    draw('mmol/L', 340, 125);
    draw('134-144', 420, 125);
    draw('Patient: DOE, JANE    DOB: 03/14/1975    Collected: 03/14/2024', 40, 55);
    const more = [
      ['Potassium', '4.1', 'mmol/L', '3.5-5.1'],
      ['Chloride', '101', 'mmol/L', '98-107'],
      ['Creatinine', '0.91', 'mg/dL', '0.57-1.00'],
      ['Calcium', '9.4', 'mg/dL', '8.7-10.2'],
      ['Albumin', '4.3', 'g/dL', '3.8-4.9'],
    ];
    more.forEach(([name, value, units, range], i) => {
      draw(name as string, 40, 145 + i * 20);
      draw(value as string, 215, 145 + i * 20);
      draw(units as string, 340, 145 + i * 20);
      draw(range as string, 420, 145 + i * 20);
    });
    draw('Comments: specimen received at ambient temperature; results reviewed.', 40, 255, 9);
    // Faxed sideways: the page turned 90° clockwise, and 3° more.
    const turned = createCanvas(page.height + 120, page.width + 120);
    const t = turned.getContext('2d');
    t.fillStyle = '#fff';
    t.fillRect(0, 0, turned.width, turned.height);
    t.translate(turned.width / 2, turned.height / 2);
    t.rotate(((90 + 3) * Math.PI) / 180);
    t.drawImage(page, -page.width / 2, -page.height / 2);
    const outcome = await parser.parse([{ bytes: turned.toBuffer('image/png'), mediaType: 'image/png' }]);
    if (outcome.status !== 'completed') throw new Error(`failed: ${outcome.failureReason} ${outcome.detail}`);
    expect(outcome.report.results.map((r) => [r.test_name, r.value, r.units, r.max_reference_range])).toEqual(
      [
        ['Glucose', '95', 'mg/dL', 99],
        ['Sodium', '140', 'mmol/L', 144],
        ['Potassium', '4.1', 'mmol/L', 5.1],
        ['Chloride', '101', 'mmol/L', 107],
        ['Creatinine', '0.91', 'mg/dL', 1],
        ['Calcium', '9.4', 'mg/dL', 10.2],
        ['Albumin', '4.3', 'g/dL', 4.9],
      ],
    );
    expect(outcome.report.metadata).toMatchObject({ patient_last_name: 'DOE', dob: '1975-03-14' });
  });

  it('reads a scanned image with OCR, and fails pure noise with low_quality', async () => {
    const scale = 200 / 72;
    const canvas = createCanvas(Math.round(612 * scale), Math.round(400 * scale));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(scale, scale);
    ctx.fillStyle = '#000';
    ctx.textBaseline = 'top';
    const draw = (s: string, x: number, y: number, size = 10) => {
      ctx.font = `${size}px "DejaVu Sans"`;
      ctx.fillText(s, x, y);
    };
    draw('Northwind Clinical Laboratories', 40, 30, 16);
    draw('Patient: DOE, JANE', 40, 60);
    draw('Test', 40, 100);
    draw('Result', 215, 100);
    draw('Units', 340, 100);
    draw('Reference Range', 420, 100);
    draw('Glucose', 40, 125);
    draw('95', 215, 125);
    draw('mg/dL', 340, 125);
    draw('70-99', 420, 125);
    draw('Sodium', 40, 145);
    draw('140', 215, 145);
    draw('mmol/L', 340, 145);
    draw('134-144', 420, 145);
    draw('Hemoglobin', 40, 165);
    draw('13.5', 215, 165);
    draw('g/dL', 340, 165);
    draw('11.1-15.9', 420, 165);
    const outcome = await parser.parse([{ bytes: canvas.toBuffer('image/png'), mediaType: 'image/png' }]);
    if (outcome.status !== 'completed') throw new Error(`failed: ${outcome.failureReason} ${outcome.detail}`);
    expect(outcome.ocrPages).toBe(1);
    expect(outcome.report.results.map((r) => [r.test_name, r.value, r.units, r.min_reference_range])).toEqual(
      [
        ['Glucose', '95', 'mg/dL', 70],
        ['Sodium', '140', 'mmol/L', 134],
        ['Hemoglobin', '13.5', 'g/dL', 11.1],
      ],
    );

    const noise = createCanvas(800, 1000);
    const noiseCtx = noise.getContext('2d');
    const pixels = noiseCtx.createImageData(800, 1000);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const v = (i * 2654435761) % 251 > 125 ? 0 : 255;
      pixels.data.set([v, v, v, 255], i);
    }
    noiseCtx.putImageData(pixels, 0, 0);
    const noisy = await parser.parse([{ bytes: noise.toBuffer('image/png'), mediaType: 'image/png' }]);
    expect(failure(noisy)).toBe('low_quality');
  });
});
