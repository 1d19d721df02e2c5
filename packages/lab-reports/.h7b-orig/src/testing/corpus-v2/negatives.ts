/**
 * Documents that are not lab reports (→ `invalid_input`), several with numbers and units that look like results:
 * invoices, recipes, medication lists, appointment letters (development part); insurance statements, packing lists,
 * prescriptions, diet plans (evaluation part).
 */
import { createRandom, seedOf, type Random } from '../corpus/random';
import type { Part } from './spec';
import { LETTER, PdfSurface, type Surface, type TextStyle } from './surface';

const M = 48;

function para(p: Surface, text: string, y: number, st: TextStyle): number {
  let line = '';
  for (const w of text.split(' ')) {
    const next = line ? `${line} ${w}` : w;
    if (line && p.widthOf(next, st) > p.width - 2 * M) {
      p.text(line, M, y, st);
      y += st.size + 4;
      line = w;
    } else line = next;
  }
  if (line) p.text(line, M, y, st);
  return y + st.size + 10;
}

function grid(p: Surface, rows: string[][], xs: number[], y: number, st: TextStyle, head = true): number {
  rows.forEach((r, i) => {
    r.forEach((c, j) => p.text(c, M + (xs[j] ?? 0), y, i === 0 && head ? { ...st, bold: true } : st));
    if (i === 0 && head) p.line(M, y + st.size + 3, p.width - M, y + st.size + 3, 0.6);
    y += st.size + 6;
  });
  return y + 8;
}

type Drawer = (p: Surface, r: Random) => void;

const st: TextStyle = { family: 'sans', size: 10 };
const h1: TextStyle = { family: 'sans', size: 16, bold: true };

const KINDS: Record<string, Drawer> = {
  invoice: (p, r) => {
    p.text('Harbourside Office Supplies Ltd', M, 40, h1);
    p.text(`INVOICE No. INV-${r.int(10000, 99999)}     Date: 14/03/2024     Due: 13/04/2024`, M, 66, st);
    const items = [['Item', 'Qty', 'Unit price', 'Amount']];
    for (const name of [
      'A4 copier paper, 80 g/m2',
      'Toner cartridge 26A',
      'Ballpoint pens (box of 50)',
      'Archive boxes',
      'Desk lamp 40 W',
    ]) {
      const q = r.int(1, 12);
      const u = r.between(2, 60);
      items.push([name, String(q), u.toFixed(2), (q * u).toFixed(2)]);
    }
    const y = grid(p, items, [0, 260, 320, 420], 100, st);
    para(
      p,
      'Payment by bank transfer within 30 days. VAT registration GB 555 0192 44. Thank you for your business.',
      y,
      st,
    );
  },
  recipe: (p, r) => {
    p.text('Weeknight Lentil Soup', M, 40, h1);
    let y = para(
      p,
      `Serves ${r.int(2, 6)}. Preparation 15 min, cooking ${r.int(25, 45)} min. Oven 180 C.`,
      70,
      st,
    );
    y = grid(
      p,
      [
        ['Ingredient', 'Amount'],
        ['Red lentils', '250 g'],
        ['Vegetable stock', '1.2 L'],
        ['Olive oil', '2 tbsp'],
        ['Cumin', '1.5 tsp'],
        ['Salt', '4 g'],
        ['Tomatoes, chopped', '400 g'],
      ],
      [0, 260],
      y,
      st,
    );
    para(
      p,
      'Nutrition per serving: energy 310 kcal, protein 18 g, fat 6.5 g, carbohydrate 44 g, fibre 9 g, salt 1.1 g.',
      y,
      st,
    );
  },
  appointment: (p) => {
    p.text('Riverside Dental Practice', M, 40, h1);
    let y = para(p, '22 Quay Street, Millhaven. Telephone 01632 960 555.', 66, st);
    y = para(
      p,
      'Dear Patient, this letter confirms your appointment for a routine check-up and scale and polish on Tuesday 12 March 2024 at 10:40 with Dr Patel. Please arrive ten minutes early and bring a list of any medicines you take.',
      y + 10,
      st,
    );
    para(
      p,
      'If you cannot attend, please give us at least 24 hours notice so that the slot can be offered to another patient. Missed appointments may be charged at 25.00.',
      y,
      st,
    );
  },
  medications: (p, r) => {
    p.text('Current Medication List', M, 40, h1);
    const y = grid(
      p,
      [
        ['Medicine', 'Strength', 'Dose', 'Frequency'],
        ['Metformin', '500 mg', '1 tablet', 'twice daily'],
        ['Atorvastatin', '20 mg', '1 tablet', 'at night'],
        ['Ramipril', '5 mg', '1 capsule', 'once daily'],
        ['Vitamin D3', '1000 IU', '1 capsule', 'once daily'],
        ['Omeprazole', `${r.pick(['20', '40'])} mg`, '1 capsule', 'before breakfast'],
      ],
      [0, 160, 260, 360],
      80,
      st,
    );
    para(
      p,
      'Bring this list to every appointment. Do not stop any medicine without talking to your doctor or pharmacist.',
      y,
      st,
    );
  },
  eob: (p, r) => {
    p.text('Explanation of Benefits - THIS IS NOT A BILL', M, 40, h1);
    let y = para(
      p,
      `Member ID W${r.int(100000000, 999999999)}   Group 00482   Claim processed 03/22/2024`,
      70,
      st,
    );
    const rows = [['Service', 'Date', 'Billed', 'Allowed', 'You owe']];
    for (const s of [
      'Office visit, established',
      'Venipuncture',
      'Lipid panel',
      'Comprehensive metabolic panel',
    ]) {
      const b = r.between(20, 180);
      rows.push([s, '03/04/2024', b.toFixed(2), (b * 0.6).toFixed(2), (b * 0.1).toFixed(2)]);
    }
    y = grid(p, rows, [0, 200, 280, 350, 430], y, st);
    para(
      p,
      'Your plan paid the allowed amount minus your coinsurance. Questions? Call the number on your member card.',
      y,
      st,
    );
  },
  packing: (p, r) => {
    p.text('PACKING LIST', M, 40, h1);
    const rows = [['SKU', 'Description', 'Qty', 'Weight']];
    for (let i = 0; i < 6; i++)
      rows.push([
        `SK-${r.int(1000, 9999)}`,
        r.pick([
          'Nitrile gloves M',
          'Sharps container 5 L',
          'Alcohol swabs',
          'Gauze pads 10x10 cm',
          'Tourniquet strap',
          'Cold pack',
        ]),
        String(r.int(1, 40)),
        `${r.between(0.2, 9).toFixed(1)} kg`,
      ]);
    const y = grid(p, rows, [0, 90, 330, 400], 80, st);
    para(
      p,
      'Shipped via ground freight. Check contents against this list within 48 hours of delivery.',
      y,
      st,
    );
  },
  prescription: (p) => {
    p.text('PRESCRIPTION', M, 40, h1);
    let y = para(p, 'Dr. Elena Marsh, MD   License 55-0194   Greenway Family Clinic', 70, st);
    y = para(
      p,
      'Rx: Amoxicillin 500 mg capsules. Sig: take one capsule by mouth three times daily for 7 days. Dispense: 21 (twenty-one). Refills: 0.',
      y + 10,
      st,
    );
    y = para(
      p,
      'Rx: Ibuprofen 400 mg tablets. Sig: one tablet every 6-8 hours as needed for pain, max 1200 mg per day. Dispense: 30.',
      y,
      st,
    );
    para(p, 'Substitution permitted. Signature on file.', y, st);
  },
  diet: (p) => {
    p.text('Your 7-Day Heart-Healthy Eating Plan', M, 40, h1);
    let y = para(
      p,
      'Daily targets: energy 1800-2000 kcal, sodium below 2300 mg, saturated fat below 13 g, fibre at least 25 g, water 1.5-2.0 L.',
      70,
      st,
    );
    y = grid(
      p,
      [
        ['Meal', 'Example', 'Energy'],
        ['Breakfast', 'Oats with berries', '350 kcal'],
        ['Lunch', 'Chickpea salad', '520 kcal'],
        ['Snack', 'Apple and almonds', '210 kcal'],
        ['Dinner', 'Baked salmon, greens', '640 kcal'],
      ],
      [0, 120, 330],
      y,
      st,
    );
    para(p, 'Walk 30 minutes on most days. Weigh yourself once a week, at the same time of day.', y, st);
  },
};

export const NEGATIVE_KINDS: Record<Part, readonly string[]> = {
  dev: ['invoice', 'recipe', 'appointment', 'medications'],
  eval: ['eob', 'packing', 'prescription', 'diet'],
};

export async function negativePdf(kind: string, part: Part, index: number): Promise<Buffer> {
  const draw = KINDS[kind];
  if (!draw) throw new Error(`unknown negative kind ${kind}`);
  const p = new PdfSurface(LETTER, kind);
  draw(p, createRandom(seedOf(`${part}:negative:${kind}:${index}`)));
  return p.finish();
}
