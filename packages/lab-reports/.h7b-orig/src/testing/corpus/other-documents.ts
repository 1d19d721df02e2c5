/** Documents that must fail: non-English lab reports, non-lab PDFs (invoice, letter), and a corrupt PDF. */
import { PdfPainter, type Painter, type TextStyle } from './painter';
import { createRandom, seedOf } from './random';

const M = 48;

function rows(p: Painter, table: string[][], xs: number[], y: number, st: TextStyle, lh: number): number {
  for (const r of table) {
    r.forEach((cell, i) => p.text(cell, M + (xs[i] ?? 0), y, st));
    y += lh;
  }
  return y;
}

function paragraph(p: Painter, text: string, y: number, st: TextStyle, width = 612 - 2 * M): number {
  const words = text.split(' ');
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && p.widthOf(next, st) > width) {
      p.text(line, M, y, st);
      y += st.size + 4;
      line = w;
    } else {
      line = next;
    }
  }
  if (line) p.text(line, M, y, st);
  return y + st.size + 10;
}

export async function germanReport(): Promise<Buffer> {
  const p = new PdfPainter('Laborbefund');
  const st: TextStyle = { family: 'sans', size: 9.5 };
  const b: TextStyle = { ...st, bold: true };
  p.text('Labor Dr. Brunnhofer & Kollegen', M, 34, { family: 'sans', size: 16, bold: true });
  p.text('Medizinisches Versorgungszentrum für Labormedizin, Lindenweg 12, 80331 München', M, 54, st);
  p.text('LABORBEFUND', M, 80, { family: 'sans', size: 13, bold: true });
  let y = rows(
    p,
    [
      ['Patient:', 'Schäfer, Lieselotte', 'Auftragsnummer:', '2407-118834'],
      ['Geburtsdatum:', '14.03.1975', 'Eingangsdatum:', '04.03.2024'],
      ['Geschlecht:', 'weiblich', 'Befunddatum:', '06.03.2024'],
      ['Einsender:', 'Praxis Dr. med. Hartmann', 'Material:', 'Serum, EDTA-Blut'],
    ],
    [0, 90, 290, 390],
    104,
    st,
    14,
  );
  y += 10;
  y = rows(p, [['Untersuchung', 'Ergebnis', 'Einheit', 'Referenzbereich']], [0, 200, 290, 380], y, b, 16);
  p.line(M, y - 3, 612 - M, y - 3);
  const table: [string, string, string, string][] = [
    ['Kleines Blutbild', '', '', ''],
    ['Leukozyten', '6,8', 'Tsd/µl', '3,9 - 10,2'],
    ['Erythrozyten', '4,52', 'Mio/µl', '3,9 - 5,2'],
    ['Hämoglobin', '13,4', 'g/dl', '12,0 - 15,4'],
    ['Hämatokrit', '39,8', '%', '35,5 - 45,5'],
    ['Thrombozyten', '254', 'Tsd/µl', '146 - 328'],
    ['Klinische Chemie', '', '', ''],
    ['Glukose (nüchtern)', '92', 'mg/dl', '60 - 100'],
    ['Kreatinin', '0,82', 'mg/dl', '0,50 - 0,90'],
    ['Harnstoff', '31', 'mg/dl', '17 - 43'],
    ['Harnsäure', '4,6', 'mg/dl', '2,4 - 5,7'],
    ['Natrium', '140', 'mmol/l', '136 - 145'],
    ['Kalium', '4,3', 'mmol/l', '3,5 - 5,1'],
    ['Cholesterin gesamt', '231', 'mg/dl', '< 200'],
    ['HDL-Cholesterin', '58', 'mg/dl', '> 45'],
    ['LDL-Cholesterin', '149', 'mg/dl', '< 116'],
    ['Triglyceride', '118', 'mg/dl', '< 150'],
    ['Gamma-GT', '21', 'U/l', '< 40'],
    ['TSH basal', '1,84', 'µU/ml', '0,27 - 4,20'],
  ];
  for (const [name, value, unit, range] of table) {
    const header = value === '';
    p.text(name, M, y, header ? b : st);
    if (!header) {
      p.text(value, M + 200, y, st);
      p.text(unit, M + 290, y, st);
      p.text(range, M + 380, y, st);
    }
    y += 14;
  }
  y += 12;
  y = paragraph(
    p,
    'Beurteilung: Das Gesamtcholesterin und das LDL-Cholesterin sind erhöht. Die übrigen Werte liegen im ' +
      'Referenzbereich. Wir empfehlen eine Kontrolle der Blutfette in drei Monaten nach Ernährungsumstellung. ' +
      'Bei Rückfragen wenden Sie sich bitte an unser Labor.',
    y,
    st,
  );
  paragraph(
    p,
    'Dieser Befund wurde elektronisch erstellt und ist ohne Unterschrift gültig. Validiert durch: Dr. med. ' +
      'Konstanze Brunnhofer, Fachärztin für Laboratoriumsmedizin.',
    y,
    { ...st, size: 8 },
  );
  p.text('Seite 1 von 1', 612 - M - 60, 792 - 40, { ...st, size: 8 });
  return p.finish();
}

export async function spanishReport(): Promise<Buffer> {
  const p = new PdfPainter('Informe de laboratorio');
  const st: TextStyle = { family: 'serif', size: 10 };
  const b: TextStyle = { ...st, bold: true };
  p.text('Laboratorio Clínico Santa Brígida', M, 34, { family: 'serif', size: 17, bold: true });
  p.text('Avenida de los Almendros 45, 28014 Madrid. Teléfono 910 000 000', M, 56, st);
  p.text('INFORME DE RESULTADOS DE LABORATORIO', M, 84, { family: 'serif', size: 13, bold: true });
  let y = rows(
    p,
    [
      ['Paciente:', 'Ramírez Ortega, Dolores', 'Nº de muestra:', 'M24-55120'],
      ['Fecha de nacimiento:', '22/07/1968', 'Fecha de extracción:', '11/09/2024'],
      ['Sexo:', 'Mujer', 'Fecha de informe:', '13/09/2024'],
      ['Médico solicitante:', 'Dra. Inmaculada Serrano', 'Procedencia:', 'Centro de Salud Retiro'],
    ],
    [0, 110, 300, 410],
    110,
    st,
    15,
  );
  y += 10;
  y = rows(p, [['Prueba', 'Resultado', 'Unidades', 'Valores de referencia']], [0, 200, 290, 380], y, b, 17);
  p.line(M, y - 3, 612 - M, y - 3);
  const table: [string, string, string, string][] = [
    ['Hemograma', '', '', ''],
    ['Leucocitos', '7,2', '10^3/µL', '4,0 - 11,0'],
    ['Hematíes', '4,61', '10^6/µL', '3,80 - 5,20'],
    ['Hemoglobina', '13,9', 'g/dL', '12,0 - 16,0'],
    ['Hematocrito', '41,2', '%', '36,0 - 46,0'],
    ['Plaquetas', '231', '10^3/µL', '150 - 400'],
    ['Bioquímica', '', '', ''],
    ['Glucosa en ayunas', '104', 'mg/dL', '70 - 100'],
    ['Creatinina', '0,78', 'mg/dL', '0,50 - 1,10'],
    ['Urea', '34', 'mg/dL', '15 - 45'],
    ['Ácido úrico', '5,1', 'mg/dL', '2,6 - 6,0'],
    ['Colesterol total', '212', 'mg/dL', '< 200'],
    ['Triglicéridos', '96', 'mg/dL', '< 150'],
    ['Sodio', '141', 'mmol/L', '135 - 145'],
    ['Potasio', '4,4', 'mmol/L', '3,5 - 5,1'],
    ['Hierro', '88', 'µg/dL', '50 - 170'],
    ['Ferritina', '64', 'ng/mL', '15 - 150'],
  ];
  for (const [name, value, unit, range] of table) {
    const header = value === '';
    p.text(name, M, y, header ? b : st);
    if (!header) {
      p.text(value, M + 200, y, st);
      p.text(unit, M + 290, y, st);
      p.text(range, M + 380, y, st);
    }
    y += 15;
  }
  y += 12;
  paragraph(
    p,
    'Observaciones: la glucosa en ayunas y el colesterol total se encuentran ligeramente por encima de los ' +
      'valores de referencia. Se recomienda repetir el análisis en ayunas y valorar los resultados junto con su ' +
      'médico de cabecera. Los resultados de este informe se refieren exclusivamente a la muestra analizada.',
    y,
    st,
  );
  p.text('Página 1 de 1', 612 - M - 60, 792 - 40, { ...st, size: 8 });
  return p.finish();
}

export async function invoice(): Promise<Buffer> {
  const p = new PdfPainter('Invoice');
  const st: TextStyle = { family: 'sans', size: 10 };
  const b: TextStyle = { ...st, bold: true };
  p.text('Brightline Office Supply Co.', M, 36, { family: 'sans', size: 18, bold: true });
  p.text('512 Commerce Street, Riverton, OR 97001  |  billing@brightline.example', M, 60, st);
  p.text('INVOICE', 612 - M - 90, 36, { family: 'sans', size: 20, bold: true });
  let y = rows(
    p,
    [
      ['Invoice #:', 'INV-2024-10482', 'Bill To:', 'Greenfield Family Practice'],
      ['Invoice Date:', '03/11/2024', '', '1180 Orchard Way, Suite 210'],
      ['Due Date:', '04/10/2024', '', 'Riverton, OR 97002'],
      ['Customer ID:', 'C-00931', 'Terms:', 'Net 30'],
    ],
    [0, 80, 280, 340],
    96,
    st,
    15,
  );
  y += 16;
  y = rows(p, [['Description', 'Qty', 'Unit Price', 'Amount']], [0, 280, 340, 440], y, b, 18);
  p.line(M, y - 4, 612 - M, y - 4);
  const items = [
    ['Copy paper, letter, 10 reams', '4', '48.99', '195.96'],
    ['Toner cartridge, black (high yield)', '2', '129.50', '259.00'],
    ['Exam table paper, 21 in x 225 ft', '12', '11.25', '135.00'],
    ['Nitrile gloves, medium, box of 100', '20', '8.75', '175.00'],
    ['Hand sanitizer, 1 L pump', '6', '9.40', '56.40'],
    ['File folders, letter, box of 100', '3', '17.80', '53.40'],
    ['Shipping and handling', '1', '24.00', '24.00'],
  ];
  y = rows(p, items, [0, 280, 340, 440], y, st, 16);
  p.line(M, y, 612 - M, y);
  y = rows(
    p,
    [
      ['', '', 'Subtotal', '898.76'],
      ['', '', 'Sales tax (0%)', '0.00'],
      ['', '', 'Total due', '$898.76'],
    ],
    [0, 280, 340, 440],
    y + 8,
    b,
    16,
  );
  y += 20;
  paragraph(
    p,
    'Thank you for your business. Please make checks payable to Brightline Office Supply Co. or pay online ' +
      'with the invoice number as reference. A late fee of 1.5% per month applies to balances outstanding after ' +
      'the due date. Questions about this invoice? Contact our billing department at the address above.',
    y,
    st,
  );
  return p.finish();
}

export async function letter(): Promise<Buffer> {
  const p = new PdfPainter('Letter');
  const st: TextStyle = { family: 'serif', size: 11.5 };
  p.text('Juniper Hollow Dental Care', M, 40, { family: 'serif', size: 18, bold: true });
  p.text('77 Birchwood Lane, Fenmore, CA 94016  |  (555) 013-2280', M, 64, st);
  let y = 110;
  for (const line of [
    'March 18, 2024',
    '',
    'Ms. Odessa Fairweather',
    '19 Tamarack Court',
    'Fenmore, CA 94016',
    '',
  ]) {
    p.text(line, M, y, st);
    y += 16;
  }
  y = paragraph(p, 'Dear Ms. Fairweather,', y, st);
  y = paragraph(
    p,
    'Our records show that it has been more than six months since your last cleaning and examination. Regular ' +
      'visits help us find small problems early, when they are easier and less expensive to treat, and keep your ' +
      'teeth and gums healthy between appointments.',
    y,
    st,
  );
  y = paragraph(
    p,
    'We have reserved a few morning and late afternoon appointments over the coming weeks. Please call our front ' +
      'desk or use the patient portal to choose a time that suits you. If you have changed insurance plans since ' +
      'your last visit, bring your new card so that we can update your file before the appointment.',
    y,
    st,
  );
  y = paragraph(
    p,
    'Our office is open Monday through Friday from 8 a.m. to 6 p.m., and on the first Saturday of every month. ' +
      'Parking is available behind the building, and the entrance is accessible for wheelchairs and strollers.',
    y,
    st,
  );
  y = paragraph(p, 'We look forward to seeing you soon.', y, st);
  for (const line of ['Warm regards,', '', 'Dr. Percival Ansel, DDS', 'Juniper Hollow Dental Care']) {
    p.text(line, M, y, st);
    y += 16;
  }
  return p.finish();
}

/** Truncated, garbled PDF bytes: a valid header and the start of an object, then noise. */
export function corruptPdf(validPdf: Buffer): Buffer {
  const random = createRandom(seedOf('corrupt'));
  const head = validPdf.subarray(0, 420);
  const noise = Buffer.alloc(2048);
  for (let i = 0; i < noise.length; i++) noise[i] = random.int(0, 255);
  return Buffer.concat([head, noise]);
}
