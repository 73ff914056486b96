import { sharp } from '../../common/sharp';

/**
 * Demo photos that read as houses and rooms at a glance (not flat placeholder art): drawn as SVG with light,
 * shadow and depth, varied by a number, rendered by sharp to small JPEGs. Made locally, no network, no files.
 */
const W = 960;
const H = 640;

const SIDING = ['#e7e1d6', '#d9dfe3', '#efe6d8', '#c9d3cf', '#e9ddd0', '#dcd6cc'];
const ROOFS = ['#3f3a36', '#4b5563', '#5b4636', '#2f3b45'];
const DOORS = ['#0f6960', '#7c2d12', '#1e3a5f', '#3f3f46'];
const WALLS = ['#efe9df', '#e8ecef', '#f1e7dc', '#e5e9e1', '#ece4e4'];
const SOFAS = ['#5f7a72', '#8a6f5a', '#4a5a6a', '#b59a7a', '#6b6f80'];
const WOODS = ['#b8895b', '#a77b52', '#c69c6d', '#8f6a48'];

const pick = <T>(list: T[], n: number): T => list[Math.abs(n) % list.length];

function tree(x: number, y: number, s: number, tone: string): string {
  return `<g><rect x="${x - 5 * s}" y="${y - 40 * s}" width="${10 * s}" height="${40 * s}" fill="#5b4636"/>
    <ellipse cx="${x}" cy="${y - 70 * s}" rx="${48 * s}" ry="${58 * s}" fill="${tone}"/>
    <ellipse cx="${x - 18 * s}" cy="${y - 88 * s}" rx="${26 * s}" ry="${30 * s}" fill="#ffffff" opacity="0.08"/></g>`;
}

function exterior(n: number): string {
  const siding = pick(SIDING, n);
  const roof = pick(ROOFS, n >> 1);
  const door = pick(DOORS, n >> 2);
  const wide = n % 2 === 0;
  const hx = wide ? 200 : 260;
  const hw = wide ? 560 : 440;
  const top = 250;
  const base = 520;
  const windows = (wide ? [hx + 50, hx + 170, hx + 390, hx + 470] : [hx + 50, hx + 330])
    .map(
      (x) => `<g><rect x="${x}" y="${top + 70}" width="70" height="90" fill="#2b3a44"/>
      <rect x="${x}" y="${top + 70}" width="70" height="90" fill="url(#glass)"/>
      <rect x="${x + 33}" y="${top + 70}" width="4" height="90" fill="${siding}"/>
      <rect x="${x - 6}" y="${top + 158}" width="82" height="8" fill="#f8fafc"/></g>`,
    )
    .join('');
  const siding_lines = Array.from(
    { length: 14 },
    (_, i) =>
      `<line x1="${hx}" x2="${hx + hw}" y1="${top + 20 + i * 19}" y2="${top + 20 + i * 19}" stroke="#000" stroke-opacity="0.05"/>`,
  ).join('');
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2e0"/><stop offset="1" stop-color="#dcebf5"/></linearGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7aa55a"/><stop offset="1" stop-color="#4f7a3a"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfe3f1" stop-opacity="0.75"/><stop offset="0.5" stop-color="#8fb3c9" stop-opacity="0.3"/><stop offset="1" stop-color="#1f2f3a" stop-opacity="0.2"/></linearGradient>
 <radialGradient id="shade"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    <linearGradient id="wallshade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <ellipse cx="${150 + (n % 5) * 140}" cy="90" rx="120" ry="26" fill="#fff" opacity="0.55"/>
  ${tree(70, 540, 1.5, '#3f6b3a')}${tree(900, 545, 1.7, '#46733f')}
  <rect y="505" width="${W}" height="${H - 505}" fill="url(#lawn)"/>
  <ellipse cx="${hx + hw / 2}" cy="${base + 8}" rx="${hw / 2 + 40}" ry="16" fill="url(#shade)"/>
  <rect x="${hx}" y="${top}" width="${hw}" height="${base - top}" fill="${siding}"/>${siding_lines}
  <rect x="${hx}" y="${top}" width="${hw}" height="${base - top}" fill="url(#wallshade)"/>
  <polygon points="${hx - 30},${top + 8} ${hx + hw / 2},${top - 130} ${hx + hw + 30},${top + 8}" fill="${roof}"/>
  <polygon points="${hx - 30},${top + 8} ${hx + hw + 30},${top + 8} ${hx + hw + 30},${top + 22} ${hx - 30},${top + 22}" fill="#000" opacity="0.25"/>
  ${windows}
  <rect x="${hx + hw / 2 - 38}" y="${base - 150}" width="76" height="150" fill="${door}"/>
  <circle cx="${hx + hw / 2 + 24}" cy="${base - 75}" r="4" fill="#e5c07b"/>
  <rect x="${hx + hw / 2 - 56}" y="${base - 4}" width="112" height="10" fill="#cbd5e1"/>
  <polygon points="${hx + hw / 2 - 50},${base + 6} ${hx + hw / 2 + 50},${base + 6} ${hx + hw / 2 + 120},${H} ${hx + hw / 2 - 120},${H}" fill="#d6d3cd"/>
  <ellipse cx="${hx + 20}" cy="${base + 2}" rx="60" ry="26" fill="#3d6b35"/><ellipse cx="${hx + hw - 20}" cy="${base + 2}" rx="60" ry="26" fill="#3d6b35"/>`;
}

function room(n: number): string {
  const wall = pick(WALLS, n);
  const wood = pick(WOODS, n >> 1);
  const sofa = pick(SOFAS, n >> 2);
  const floorY = 430;
  const planks = Array.from(
    { length: 12 },
    (_, i) =>
      `<line x1="${i * 90 - 60}" y1="${H}" x2="${W / 2 + (i - 6) * 30}" y2="${floorY}" stroke="#000" stroke-opacity="0.08"/>`,
  ).join('');
  const kind = n % 3;
  const furniture =
    kind === 0
      ? // living room: sofa, coffee table, rug, lamp, plant
        `<ellipse cx="480" cy="560" rx="300" ry="48" fill="#e9e2d6" opacity="0.9"/>
         <rect x="250" y="360" width="460" height="120" rx="22" fill="${sofa}"/>
         <rect x="230" y="400" width="60" height="110" rx="18" fill="${sofa}"/><rect x="670" y="400" width="60" height="110" rx="18" fill="${sofa}"/>
         <rect x="280" y="430" width="400" height="70" rx="14" fill="${sofa}"/><rect x="280" y="430" width="400" height="70" rx="14" fill="#fff" opacity="0.08"/>
         <rect x="300" y="380" width="90" height="60" rx="12" fill="#f3efe6"/><rect x="570" y="380" width="90" height="60" rx="12" fill="#d9a441" opacity="0.9"/>
         <rect x="380" y="530" width="200" height="18" rx="6" fill="${wood}"/><rect x="395" y="548" width="10" height="40" fill="${wood}"/><rect x="555" y="548" width="10" height="40" fill="${wood}"/>
         <rect x="790" y="270" width="6" height="240" fill="#3f3f46"/><path d="M755 270 h76 l-14 -60 h-48 z" fill="#f5e7c8"/>
         <ellipse cx="793" cy="250" rx="80" ry="50" fill="url(#glow)"/>
         <rect x="120" y="450" width="50" height="60" rx="6" fill="#c2b8a3"/><ellipse cx="145" cy="420" rx="45" ry="60" fill="#4d7a45"/>`
      : kind === 1
        ? // kitchen: cabinets, counter, island, pendants
          `<rect x="80" y="150" width="800" height="110" fill="#f8fafc"/><rect x="80" y="255" width="800" height="8" fill="#000" opacity="0.08"/>
           ${Array.from({ length: 8 }, (_, i) => `<rect x="${88 + i * 99}" y="158" width="91" height="94" fill="none" stroke="#cbd5e1"/>`).join('')}
           <rect x="80" y="300" width="800" height="20" fill="#e5e7eb"/><rect x="80" y="320" width="800" height="110" fill="${pick(SOFAS, n)}"/>
           ${Array.from({ length: 8 }, (_, i) => `<rect x="${88 + i * 99}" y="330" width="91" height="92" fill="none" stroke="#000" stroke-opacity="0.12"/>`).join('')}
           <rect x="250" y="440" width="460" height="24" fill="#f1f5f9"/><rect x="262" y="464" width="436" height="120" fill="${wood}"/>
           ${[330, 480, 630].map((x) => `<line x1="${x}" y1="0" x2="${x}" y2="120" stroke="#1f2937" stroke-width="2"/><path d="M${x - 26} 150 q26 -40 52 0 z" fill="#1f2937"/><ellipse cx="${x}" cy="170" rx="60" ry="30" fill="url(#glow)"/>`).join('')}
           <rect x="300" y="600" width="12" height="40" fill="#1f2937"/><rect x="650" y="600" width="12" height="40" fill="#1f2937"/>`
        : // bedroom: bed, headboard, nightstands, lamps
          `<rect x="290" y="250" width="380" height="150" rx="14" fill="${wood}"/>
           <rect x="260" y="390" width="440" height="150" rx="16" fill="#f8fafc"/><rect x="260" y="460" width="440" height="80" rx="12" fill="${sofa}"/>
           <rect x="300" y="360" width="150" height="60" rx="18" fill="#eef2f7"/><rect x="510" y="360" width="150" height="60" rx="18" fill="#eef2f7"/>
           <rect x="150" y="420" width="90" height="100" rx="6" fill="${wood}"/><rect x="720" y="420" width="90" height="100" rx="6" fill="${wood}"/>
           <path d="M170 420 l12 -60 h36 l12 60z" fill="#f5e7c8"/><path d="M740 420 l12 -60 h36 l12 60z" fill="#f5e7c8"/>
           <ellipse cx="195" cy="370" rx="70" ry="45" fill="url(#glow)"/><ellipse cx="765" cy="370" rx="70" ry="45" fill="url(#glow)"/>
           <ellipse cx="480" cy="575" rx="260" ry="34" fill="url(#shade)"/>`;
  return `<defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.07"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wood}"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#ffe9b0" stop-opacity="0.7"/><stop offset="1" stop-color="#ffe9b0" stop-opacity="0"/></radialGradient>
    <radialGradient id="shade"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    <linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#dbeafe" stop-opacity="0.7"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="${wall}"/><rect width="${W}" height="${floorY}" fill="url(#wall)"/>
  <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${wood}"/><rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)" opacity="0.5"/>${planks}
  <rect y="${floorY - 10}" width="${W}" height="10" fill="#f8fafc"/>
  ${
    kind === 1
      ? ''
      : `<rect x="${n % 2 ? 560 : 120}" y="70" width="260" height="230" fill="url(#light)"/><rect x="${(n % 2 ? 560 : 120) + 128}" y="70" width="6" height="230" fill="#f8fafc"/><rect x="${n % 2 ? 560 : 120}" y="182" width="260" height="6" fill="#f8fafc"/>
  <polygon points="${n % 2 ? 560 : 120},300 ${(n % 2 ? 560 : 120) + 260},300 ${(n % 2 ? 560 : 120) + 360},${H} ${(n % 2 ? 560 : 120) - 60},${H}" fill="#fff" opacity="0.12"/>`
  }
  ${furniture}`;
}

/** Photo `index` of a listing numbered `n`: the first is the house from the street, the others its rooms. */
export function demoPhotoSvg(n: number, index: number): string {
  const body = index === 0 ? exterior(n) : room(n + index);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/**
 * Rendered as a plain (libjpeg-turbo) JPEG: mozjpeg takes about three times as long for a slightly smaller file,
 * and uploads re-encode it anyway (StorageService.storeImage), so the seed and the tests stay quick.
 */
export function demoPhoto(n: number, index: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(n, index)))
    .jpeg({ quality: 80 })
    .toBuffer();
}
