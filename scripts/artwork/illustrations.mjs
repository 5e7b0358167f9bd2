// Renders the service-page and InBody illustrations (the SVG drawings beside this script) to the JPEGs under
// public/images/services/ and public/images/inbody/. Run: node scripts/artwork/illustrations.mjs (each stays under ~60 KB).
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** Source drawing, output file and pixel size. */
const artwork = [
  // Twice the largest box each fills (about 490x408 and 363x272 CSS px), for high-density screens.
  ['mens-health.svg', 'public/images/services/mens-health.jpg', 1200, 1000],
  ['womens-health.svg', 'public/images/services/womens-health.jpg', 1200, 1000],
  ['anxiety.svg', 'public/images/services/anxiety.jpg', 1200, 1000],
  ['focus.svg', 'public/images/services/focus.jpg', 1200, 1000],
  ['mood.svg', 'public/images/services/mood.jpg', 1200, 1000],
  ['peptide-therapy.svg', 'public/images/services/peptide-therapy.jpg', 1200, 1000],
  ['thyroid.svg', 'public/images/services/thyroid.jpg', 1200, 1000],
  ['immune-support.svg', 'public/images/services/immune-support.jpg', 1200, 1000],
  ['weight-loss.svg', 'public/images/services/weight-loss.jpg', 1200, 1000],
  ['inbody-570.svg', 'public/images/inbody/inbody-570.jpg', 960, 720],
  ['ingrip.svg', 'public/images/inbody/ingrip.jpg', 960, 720],
  ['inbody-package.svg', 'public/images/inbody/inbody-package.jpg', 960, 720],
];

/** Replaces each `<g data-include="FILE" .../>` with that file's `<g id="device">` drawing, keeping the other attributes. */
async function withIncludes(svg) {
  let out = svg;
  for (const match of svg.matchAll(/<g data-include="([^"]+)"([^>]*)\/>/g)) {
    const included = await readFile(join(here, match[1]), 'utf8');
    const device = included.match(/<g id="device">([\s\S]*?)\n  <\/g>/);
    if (!device) throw new Error(`${match[1]} has no <g id="device"> drawing to include`);
    out = out.replace(match[0], `<g${match[2]}>${device[1]}</g>`);
  }
  return out;
}

for (const [source, output, width, height] of artwork) {
  const svg = Buffer.from(await withIncludes(await readFile(join(here, source), 'utf8')));
  const bytes = await sharp(svg, { density: 144 })
    .resize(width, height)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toBuffer();
  await writeFile(join(root, output), bytes);
  console.log(`${output}  ${width}x${height}  ${(bytes.length / 1024).toFixed(1)} KB`);
}
