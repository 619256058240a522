#!/usr/bin/env node
// JavaScript a browser downloads to show /auth (cold cache), measured in Debian's
// Chromium: for each JS response, the bytes on the wire and the gzip -6 size of its
// body (what nginx/compression would send). Needs a running app (BASE_URL,
// default http://localhost:8080).  Usage: node infra/bench/auth-js-transfer.js
const zlib = require('node:zlib');
const { launchChromium } = require('./lib/chromium');

const base = process.env.BASE_URL ?? 'http://localhost:8080';

(async () => {
  const browser = await launchChromium();
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (type.includes('javascript')) scripts.push(res);
  });
  await page.goto(`${base}/auth`, { waitUntil: 'networkidle' });
  await page.getByRole('tab', { name: 'Connexion' }).waitFor();
  let wire = 0;
  let gzip = 0;
  let raw = 0;
  const rows = [];
  for (const res of scripts) {
    const body = await res.body();
    const sizes = await res.request().sizes();
    const gz = zlib.gzipSync(body, { level: 6 }).length;
    wire += sizes.responseBodySize;
    gzip += gz;
    raw += body.length;
    rows.push([new URL(res.url()).pathname, body.length, gz, sizes.responseBodySize, res.headers()['content-encoding'] ?? '-']);
  }
  rows.sort((a, b) => b[2] - a[2]);
  for (const [p, r, g, w, enc] of rows)
    console.log(
      `${(g / 1024).toFixed(1).padStart(7)} KiB gz  ${(r / 1024).toFixed(1).padStart(7)} KiB raw  ${(w / 1024).toFixed(1).padStart(7)} KiB wire (${enc})  ${p}`,
    );
  console.log(
    `\n/auth: ${rows.length} JS files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip -6, ${(wire / 1024).toFixed(1)} KiB on the wire`,
  );
  await browser.close();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
