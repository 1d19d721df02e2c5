import PDFDocument from 'pdfkit';

/**
 * Small generated lab reports (text PDFs, pdfkit) for the worker tests: an English report with a known
 * table, and the same kind of report in German. All names and numbers are fictional.
 */

export interface SampleRow {
  name: string;
  value: string;
  units: string;
  range: string;
  flag: string;
}

export const ENGLISH_ROWS: SampleRow[] = [
  { name: 'Glucose', value: '105', units: 'mg/dL', range: '70-99', flag: 'H' },
  { name: 'Sodium', value: '140', units: 'mmol/L', range: '136-145', flag: '' },
  { name: 'Potassium', value: '4.2', units: 'mmol/L', range: '3.5-5.1', flag: '' },
  { name: 'Creatinine', value: '0.90', units: 'mg/dL', range: '0.60-1.20', flag: '' },
  { name: 'Calcium', value: '9.4', units: 'mg/dL', range: '8.6-10.3', flag: '' },
  { name: 'Cholesterol, Total', value: '212', units: 'mg/dL', range: '<200', flag: 'H' },
];

const GERMAN_ROWS: SampleRow[] = [
  { name: 'Glukose', value: '95', units: 'mg/dl', range: '70-99', flag: '' },
  { name: 'Natrium', value: '140', units: 'mmol/l', range: '136-145', flag: '' },
  { name: 'Kalium', value: '4,2', units: 'mmol/l', range: '3,5-5,1', flag: '' },
  { name: 'Kreatinin', value: '0,9', units: 'mg/dl', range: '0,6-1,2', flag: '' },
  { name: 'Harnsäure', value: '7,9', units: 'mg/dl', range: '3,4-7,0', flag: 'H' },
];

function render(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 40 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

function table(doc: PDFKit.PDFDocument, top: number, headers: string[], panel: string, rows: SampleRow[]) {
  const xs = [40, 255, 330, 415, 510];
  doc.font('Helvetica-Bold').fontSize(9);
  headers.forEach((h, i) => doc.text(h, xs[i], top, { lineBreak: false }));
  doc.text(panel, 40, top + 18, { lineBreak: false });
  doc.font('Helvetica').fontSize(9);
  rows.forEach((r, i) => {
    const y = top + 34 + i * 15;
    [r.name, r.value, r.units, r.range, r.flag].forEach((cell, c) => {
      if (cell) doc.text(cell, xs[c], y, { lineBreak: false });
    });
  });
}

export function englishReportPdf(): Promise<Buffer> {
  return render((doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Northwind Clinical Laboratories', 40, 40);
    doc.font('Helvetica').fontSize(8).text('100 Harbor Way, Springfield | Tel 555-0100', 40, 60);
    doc.font('Helvetica-Bold').fontSize(11).text('LABORATORY REPORT', 40, 80);
    doc.font('Helvetica').fontSize(9);
    const left = [
      ['Patient:', 'DOE, JANE'],
      ['DOB:', '03/14/1975'],
      ['Sex:', 'F'],
      ['Physician:', 'A. Smith, MD'],
    ];
    const right = [
      ['Accession #:', 'NW26-0031877'],
      ['Collection Date:', '11/02/2026'],
      ['Report Date:', '11/03/2026'],
    ];
    left.forEach(([l, v], i) => {
      doc.text(l!, 40, 100 + i * 14, { lineBreak: false });
      doc.text(v!, 115, 100 + i * 14, { lineBreak: false });
    });
    right.forEach(([l, v], i) => {
      doc.text(l!, 330, 100 + i * 14, { lineBreak: false });
      doc.text(v!, 420, 100 + i * 14, { lineBreak: false });
    });
    table(
      doc,
      170,
      ['Test', 'Result', 'Units', 'Reference Range', 'Flag'],
      'COMPREHENSIVE METABOLIC PANEL',
      ENGLISH_ROWS,
    );
    doc.text('Results were reviewed by the laboratory director. Final report.', 40, 300);
  });
}

export function germanReportPdf(): Promise<Buffer> {
  return render((doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Laborgemeinschaft Nordstadt', 40, 40);
    doc.font('Helvetica').fontSize(8).text('Hafenstraße 12, 20457 Hamburg | Telefon 040 555 0100', 40, 60);
    doc.font('Helvetica-Bold').fontSize(11).text('LABORBEFUND', 40, 80);
    doc.font('Helvetica').fontSize(9);
    doc.text('Patient: Mustermann, Erika    Geburtsdatum: 14.03.1975    Geschlecht: weiblich', 40, 100);
    doc.text('Probeneingang: 02.11.2026    Befunddatum: 03.11.2026    Auftragsnummer: HH26-0031877', 40, 114);
    table(
      doc,
      150,
      ['Untersuchung', 'Ergebnis', 'Einheit', 'Referenzbereich', 'Kennz.'],
      'Klinische Chemie',
      GERMAN_ROWS,
    );
    doc.text(
      'Die Ergebnisse wurden von der Laborleitung geprüft und freigegeben. Bei Rückfragen wenden Sie sich bitte ' +
        'an unser Labor. Die Referenzbereiche gelten für Erwachsene und wurden mit der Methode des Herstellers ' +
        'ermittelt. Dieser Befund ist ohne Unterschrift gültig und wurde elektronisch erstellt.',
      40,
      260,
      { width: 520 },
    );
  });
}
