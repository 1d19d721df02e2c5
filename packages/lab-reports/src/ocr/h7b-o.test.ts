import { createCanvas } from '@napi-rs/canvas';
import { collectPoints, detectOrientation } from './orientation';
function mk(rows: number, turn: number) {
  const scale = 200 / 72;
  const page = createCanvas(Math.round(612 * scale), Math.round((rows > 3 ? 290 : 200) * scale));
  const ctx = page.getContext('2d');
  ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, page.width, page.height); ctx.scale(scale, scale); ctx.fillStyle = '#000'; ctx.textBaseline = 'top';
  const draw = (s: string, x: number, y: number, size = 10) => { ctx.font = `${size}px "DejaVu Sans"`; ctx.fillText(s, x, y); };
  draw('Northwind Clinical Laboratories', 40, 30, 16); draw('Patient: DOE, JANE', 40, 60);
  draw('Test', 40, 100); draw('Result', 215, 100); draw('Units', 340, 100); draw('Reference Range', 420, 100);
  for (let i = 0; i < rows; i++) { draw(['Glucose','Sodium','Hemoglobin','Potassium','Chloride','Calcium','Albumin'][i % 7] as string, 40, 125 + i * 20); draw('95', 215, 125 + i * 20); draw('mg/dL', 340, 125 + i * 20); draw('70-99', 420, 125 + i * 20); }
  const side = turn % 180 > 45;
  const tc = side ? createCanvas(page.height + 120, page.width + 120) : createCanvas(page.width + 120, page.height + 120);
  const t = tc.getContext('2d'); t.fillStyle = '#fff'; t.fillRect(0, 0, tc.width, tc.height); t.translate(tc.width / 2, tc.height / 2); t.rotate((turn * Math.PI) / 180); t.drawImage(page, -page.width / 2, -page.height / 2);
  const d = t.getImageData(0, 0, tc.width, tc.height).data; const dark = new Uint8Array(tc.width * tc.height);
  for (let p = 0; p < dark.length; p++) dark[p] = (d[p * 4] ?? 255) < 128 ? 1 : 0;
  return detectOrientation(collectPoints(dark, tc.width, tc.height), tc.width, tc.height);
}
it('x', () => { for (const rows of [3, 7]) for (const turn of [0, 3, 90, 93, 180, 270]) console.log(rows, turn, JSON.stringify(mk(rows, turn))); });
