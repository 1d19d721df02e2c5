import express from 'express';
import request from 'supertest';
import { createLinkWidgetRouter, LINK_WIDGET_CSP } from './link-widget.router';
import {
  contrastRatio,
  monogramColor,
  monogramInitials,
  providerMonogramSvg,
  relativeLuminance,
} from './provider-logo';

const app = express().use(createLinkWidgetRouter({ linkWebUrl: 'https://api.example.test/link' }));

function expectHardened(res: request.Response) {
  expect(res.headers['content-security-policy']).toBe(LINK_WIDGET_CSP);
  expect(res.headers['content-security-policy']).toContain(
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
  );
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

describe('link widget router', () => {
  it.each(['/link', '/link/return', '/link?token=abc', '/link/return?status=success&provider=oura'])(
    'serves the page at %s, uncached, with the strict headers',
    async (path) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expectHardened(res);
      expect(res.text).toMatch(/<html lang="en">/);
      expect(res.text).toMatch(/<script src="\/link\/assets\/widget\.js\?v=[0-9a-f]{12}" defer><\/script>/);
      expect(res.text).toMatch(
        /<link rel="stylesheet" href="\/link\/assets\/widget\.css\?v=[0-9a-f]{12}" \/>/,
      );
      // Nothing the CSP would block: no inline script, no inline style, no outside URL.
      expect(res.text).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>/);
      expect(res.text).not.toMatch(/\sstyle=|<style/);
      expect(res.text).not.toMatch(/https?:\/\//);
      expect(res.text).not.toContain('{{');
    },
  );

  it('serves versioned assets immutable and unversioned ones briefly cached', async () => {
    const page = await request(app).get('/link');
    const jsPath = /src="(\/link\/assets\/widget\.js\?v=[0-9a-f]+)"/.exec(page.text)![1]!;
    const pinned = await request(app).get(jsPath);
    expect(pinned.status).toBe(200);
    expect(pinned.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectHardened(pinned);
    expect(pinned.text).toContain('/v2/link/start');

    const loose = await request(app).get('/link/assets/widget.css?v=old');
    expect(loose.status).toBe(200);
    expect(loose.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(loose.headers['cache-control']).toBe('public, max-age=300');
    // The stylesheet must not pull anything from elsewhere either.
    expect(loose.text).not.toMatch(/@import|url\(\s*['"]?https?:/);
  });

  it('answers 404 for unknown assets and files outside the widget', async () => {
    for (const path of [
      '/link/assets/nope.js',
      '/link/assets/..%2Fpackage.json',
      '/link/assets/index.html',
    ]) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expectHardened(res);
    }
  });

  it('draws a provider logo as an SVG monogram, and 404s unknown slugs', async () => {
    const res = await request(app)
      .get('/link/assets/logos/abbott_libreview.svg')
      .buffer(true)
      .parse((stream, done) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expectHardened(res);
    const svg = res.body as string;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('aria-label="Abbott LibreView"');
    expect(svg).toContain('>AL</text>');
    expect(svg).not.toMatch(/<script|href=/);

    expect((await request(app).get('/link/assets/logos/not_a_provider.svg')).status).toBe(404);
    expect((await request(app).get('/link/assets/logos/oura.png')).status).toBe(404);
  });

  it('puts the assets under the path of LINK_WEB_URL', async () => {
    const proxied = express().use(
      createLinkWidgetRouter({ linkWebUrl: 'https://connect.example.test/link/' }),
    );
    const res = await request(proxied).get('/link');
    expect(res.text).toContain('<meta name="meridian-link-base" content="/link" />');
  });
});

describe('provider monograms', () => {
  it('takes up to two initials', () => {
    expect(monogramInitials('Oura')).toBe('O');
    expect(monogramInitials('FreeStyle Libre')).toBe('FL');
    expect(monogramInitials('Google Fit & Health Connect')).toBe('GF');
    expect(monogramInitials('')).toBe('?');
  });

  it('picks a stable colour per slug with white text at 4.5:1 or more', () => {
    const slugs = [
      'oura',
      'fitbit',
      'withings',
      'whoop_v2',
      'polar',
      'garmin',
      'dexcom_v3',
      'strava',
      'abbott_libreview',
    ];
    const colors = slugs.map(monogramColor);
    expect(new Set(colors).size).toBeGreaterThan(4);
    expect(monogramColor('oura')).toBe(colors[0]);
    for (const color of colors) {
      const rgb = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
      expect(contrastRatio(1, relativeLuminance(rgb))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('escapes the name', () => {
    expect(providerMonogramSvg('x', 'A<b>"c')).toContain('aria-label="A&#60;b&#62;&#34;c"');
  });
});
