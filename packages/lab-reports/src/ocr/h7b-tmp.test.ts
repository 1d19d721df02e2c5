import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { prepareForOcr } from './prepare-image';
it('dbg', async () => {
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
    draw('Test', 40, 80); draw('Result', 215, 80); draw('Units', 340, 80); draw('Reference Range', 420, 80);
    draw('Glucose', 40, 105); draw('95', 215, 105); draw('mg/dL', 340, 105); draw('70-99', 420, 105);
    draw('Sodium', 40, 125); draw('140', 215, 125); draw('mmol/L', 340, 125); draw('134-144', 420, 125);
    draw('Patient: DOE, JANE    DOB: 03/14/1975    Collected: 03/14/2024', 40, 55);
    const more = [['Potassium','4.1','mmol/L','3.5-5.1'],['Chloride','101','mmol/L','98-107'],['Creatinine','0.91','mg/dL','0.57-1.00'],['Calcium','9.4','mg/dL','8.7-10.2'],['Albumin','4.3','g/dL','3.8-4.9']];
    more.forEach((r, i) => { draw(r[0] as string, 40, 145 + i * 20); draw(r[1] as string, 215, 145 + i * 20); draw(r[2] as string, 340, 145 + i * 20); draw(r[3] as string, 420, 145 + i * 20); });
    draw('Comments: specimen received at ambient temperature; results reviewed.', 40, 255, 9);
    for (const turn of [90, 93, 180, 3]) {
    const turned = createCanvas(page.height + 120, page.width + 120);
    const side = turn % 180 > 45;
    const tc = side ? turned : createCanvas(page.width + 120, page.height + 120);
    const t = tc.getContext('2d');
    t.fillStyle = '#fff';
    t.fillRect(0, 0, tc.width, tc.height);
    t.translate(tc.width / 2, tc.height / 2);
    t.rotate((turn * Math.PI) / 180);
    t.drawImage(page, -page.width / 2, -page.height / 2);
    const started = Date.now();
    const p = await prepareForOcr(tc.toBuffer('image/png'));
    console.log(turn, p.rotation, JSON.stringify(require('./orientation').detectOrientation(require('./orientation').collectPoints(new Uint8Array(0),0,0))), p.width, p.height, Date.now() - started);
    fs.writeFileSync(`/tmp/h7b-dump/rot${turn}.png`, p.png);
    }
});
