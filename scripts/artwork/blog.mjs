// Draws the blog articles' illustrations into public/images/blog/: drawn on a 1200x630 canvas (the sharing-card shape) and
// rendered at twice that, 2400x1260, so a high-density screen showing one 736 px wide still gets a pixel per device pixel.
// Run: node scripts/artwork/blog.mjs
import sharp from 'sharp';

const W = 1200;
const H = 630;

const frame = (from, to, body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="glow" cx="0.7" cy="0.3" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  ${body}
</svg>`;

const rings = (cx, cy, color, count, step, opacity = 0.25) =>
  Array.from({ length: count }, (_, i) => `<circle cx="${cx}" cy="${cy}" r="${(i + 1) * step}" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="3"/>`).join('');

const art = {
  'why-we-started': frame('#0f3d4c', '#0d9488', `
    ${rings(900, 330, '#ccfbf1', 5, 70, 0.18)}
    <path d="M600 130c-150 0-270 100-270 225 0 66 33 126 88 168l-28 100 118-58c28 8 59 12 92 12 150 0 270-100 270-222S750 130 600 130z" fill="#ffffff" fill-opacity="0.95"/>
    <path d="M505 420c0-110 70-180 220-190-6 148-78 220-190 220" fill="none" stroke="#0d9488" stroke-width="22" stroke-linecap="round"/>
    <path d="M505 450l118-118" stroke="#0d9488" stroke-width="22" stroke-linecap="round"/>
    <circle cx="230" cy="150" r="40" fill="#5eead4" fill-opacity="0.5"/><circle cx="170" cy="470" r="26" fill="#99f6e4" fill-opacity="0.5"/>`),
  'burnout-and-energy': frame('#1e3a8a', '#0f766e', `
    ${rings(300, 315, '#fde68a', 6, 55, 0.2)}
    <circle cx="300" cy="315" r="95" fill="#fbbf24"/>
    <path d="M560 380c80-150 160-150 240 0s160 150 240 0" fill="none" stroke="#fde68a" stroke-width="16" stroke-linecap="round"/>
    <path d="M560 460c80-110 160-110 240 0s160 110 240 0" fill="none" stroke="#99f6e4" stroke-width="12" stroke-linecap="round" stroke-opacity="0.8"/>
    <rect x="700" y="150" width="260" height="120" rx="24" fill="none" stroke="#ffffff" stroke-width="14"/>
    <rect x="962" y="185" width="22" height="50" rx="6" fill="#ffffff"/>
    <rect x="722" y="172" width="150" height="76" rx="12" fill="#86efac"/>`),
  'fat-loss-vs-weight-loss': frame('#115e59', '#166534', `
    ${rings(980, 120, '#bbf7d0', 4, 80, 0.15)}
    <rect x="180" y="400" width="90" height="120" rx="14" fill="#ffffff" fill-opacity="0.35"/>
    <rect x="300" y="330" width="90" height="190" rx="14" fill="#ffffff" fill-opacity="0.55"/>
    <rect x="420" y="250" width="90" height="270" rx="14" fill="#ffffff" fill-opacity="0.8"/>
    <rect x="540" y="300" width="90" height="220" rx="14" fill="#86efac"/>
    <rect x="700" y="230" width="340" height="290" rx="40" fill="#ffffff" fill-opacity="0.95"/>
    <circle cx="870" cy="350" r="80" fill="none" stroke="#0f766e" stroke-width="14"/>
    <path d="M870 350l45-40" stroke="#0f766e" stroke-width="14" stroke-linecap="round"/>
    <rect x="790" y="455" width="160" height="22" rx="11" fill="#99f6e4"/>`),
  'hrt-glow-up': frame('#6d28d9', '#db2777', `
    ${rings(600, 315, '#fbcfe8', 7, 50, 0.16)}
    <circle cx="600" cy="315" r="120" fill="#fdf4ff" fill-opacity="0.9"/>
    <path d="M600 215c40 60 40 140 0 200-40-60-40-140 0-200z" fill="#c084fc"/>
    <path d="M500 315c60-40 140-40 200 0-60 40-140 40-200 0z" fill="#f0abfc" fill-opacity="0.8"/>
    <path d="M120 520c160-120 320-120 480-40s320 80 480-60" fill="none" stroke="#fde68a" stroke-width="10" stroke-linecap="round" stroke-opacity="0.8"/>
    <circle cx="200" cy="140" r="10" fill="#fff"/><circle cx="1000" cy="170" r="14" fill="#fff"/><circle cx="930" cy="460" r="8" fill="#fff"/>`),
  'body-composition-scanning': frame('#0c4a6e', '#0f3d4c', `
    ${rings(600, 315, '#7dd3fc', 6, 48, 0.25)}
    <circle cx="600" cy="175" r="42" fill="#e0f2fe"/>
    <path d="M540 240h120l30 150h-40l-10 170h-40l-10-120-10 120h-40l-10-170h-40z" fill="#e0f2fe"/>
    <rect x="430" y="300" width="340" height="8" rx="4" fill="#38bdf8"/>
    <rect x="120" y="170" width="200" height="28" rx="14" fill="#38bdf8" fill-opacity="0.8"/>
    <rect x="120" y="220" width="150" height="28" rx="14" fill="#5eead4" fill-opacity="0.8"/>
    <rect x="120" y="270" width="180" height="28" rx="14" fill="#a5b4fc" fill-opacity="0.8"/>
    <rect x="880" y="380" width="200" height="28" rx="14" fill="#5eead4" fill-opacity="0.8"/>
    <rect x="930" y="430" width="150" height="28" rx="14" fill="#38bdf8" fill-opacity="0.8"/>`),
  'cbd-cbg-sleep-anxiety-pain': frame('#1e1b4b', '#14532d', `
    ${rings(920, 200, '#c7d2fe', 4, 60, 0.18)}
    <path d="M980 120a110 110 0 1 0 60 200 130 130 0 0 1-60-200z" fill="#e0e7ff"/>
    <g transform="translate(380 340)">
      ${[0, 40, -40, 80, -80, 120, -120].map((a, i) => `<path d="M0 0c-${28 - i * 2} -60 -${20 - i} -${170 - i * 14} 0 -${210 - i * 18}c${20 - i} ${40} ${28 - i * 2} ${150 - i * 14} 0 ${210 - i * 18}z" fill="#4ade80" fill-opacity="${0.95 - i * 0.08}" transform="rotate(${a})"/>`).join('')}
      <path d="M0 0v170" stroke="#86efac" stroke-width="10" stroke-linecap="round"/>
    </g>
    <circle cx="160" cy="120" r="6" fill="#fff"/><circle cx="700" cy="90" r="5" fill="#fff"/><circle cx="1100" cy="520" r="7" fill="#fff"/>`),
};

for (const [slug, svg] of Object.entries(art)) {
  const info = await sharp(Buffer.from(svg), { density: 144 }).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(`public/images/blog/${slug}.png`);
  console.log(slug, info.width, info.height, info.size);
}
