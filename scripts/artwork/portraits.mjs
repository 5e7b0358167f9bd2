// Renders the illustrated portrait placeholders of the providers (content/providers/*.yaml photo) to
// public/images/providers/. Clearly a drawing, not a photograph: a head-and-shoulders figure in a
// clinician's coat on the brand colours. Run: node scripts/artwork/portraits.mjs
// The picture holds no words: the page labels it "Illustration" in its own language (the provider's photo.illustration).
// Replace one with a photograph by pointing the provider's photo.src at the photo (and its size).
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One portrait: skin, hair and top colours, the hair shape, output file. */
const portraits = [{ file: 'public/images/providers/jane-example.jpg', skin: '#c99a7c', shade: '#b3846a', hair: '#3b2a22', top: '#2f6f73', hairStyle: 'long' }];

function svg({ skin, shade, hair, top, hairStyle }) {
  const longHair = hairStyle === 'long'
    ? `<path d="M272 300c-20 80-22 190-6 300 40 10 90 12 134 10V250c-60 0-112 10-128 50z" fill="${hair}"/>
       <path d="M528 300c20 80 22 190 6 300-40 10-90 12-134 10V250c60 0 112 10 128 50z" fill="${hair}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e6f3f1"/><stop offset="1" stop-color="#cfe4e6"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <linearGradient id="coat" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e8eef0"/></linearGradient>
  </defs>
  <rect width="800" height="1000" fill="url(#bg)"/>
  <circle cx="400" cy="360" r="360" fill="url(#glow)"/>
  <g fill="none" stroke="#5eead4" stroke-width="10" stroke-linecap="round" opacity="0.55">
    <path d="M90 220c0-70 45-115 140-120-4 94-50 140-120 140"/><path d="M90 240l75-75"/>
  </g>
  ${longHair}
  <path d="M360 520h80v190h-80z" fill="${shade}"/>
  <path d="M120 1000c10-190 120-300 280-330 160 30 270 140 280 330z" fill="url(#coat)"/>
  <path d="M330 690l70 140 70-140c-25-14-48-20-70-20s-45 6-70 20z" fill="${top}"/>
  <path d="M330 690l-40 40 50 120 60-20zM470 690l40 40-50 120-60-20z" fill="#f4f8f9" stroke="#d5e0e3" stroke-width="4"/>
  <path d="M300 760c-10 80 10 130 60 150M360 910a18 18 0 1 0 0.1 0" fill="none" stroke="#526a72" stroke-width="8" stroke-linecap="round"/>
  <ellipse cx="400" cy="400" rx="128" ry="156" fill="${skin}"/>
  <path d="M272 380c-6-120 50-190 128-190s138 60 128 190c-20-70-70-110-128-112-60 2-108 40-128 112z" fill="${hair}"/>
  <g fill="none" stroke="#0d2630" stroke-width="7" stroke-linecap="round" opacity="0.8">
    <path d="M345 405q15-10 30 0M425 405q15-10 30 0"/><path d="M370 480q30 22 60 0"/>
  </g>
  <path d="M400 410v38l-12 8" fill="none" stroke="${shade}" stroke-width="6" stroke-linecap="round"/>
</svg>`;
}

for (const portrait of portraits) {
  const bytes = await sharp(Buffer.from(svg(portrait)), { density: 72 }).resize(800, 1000).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await writeFile(join(root, portrait.file), bytes);
  console.log(`${portrait.file}  800x1000  ${(bytes.length / 1024).toFixed(1)} KB`);
}
