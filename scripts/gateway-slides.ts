/**
 * Draws the gateway carousel's illustrations (public/gateway/*.svg): construction sites as vector art, generated
 * here rather than downloaded, so that the images are ours and small. Run after changing a scene:
 *   npx tsx scripts/gateway-slides.ts
 * Each scene is data (sky colours, buildings, cranes, workers); the drawing functions turn it into SVG.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const WIDTH = 1920;
const HEIGHT = 400;
const GROUND = 330;

/** A small seeded generator: the same scene draws the same picture on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Scene {
  file: string;
  seed: number;
  sky: [string, string, string];
  sun: { x: number; y: number; r: number; color: string };
  skyline: string;
  ground: string;
  towers: { x: number; floors: number; built: number; width: number }[];
  cranes: { x: number; height: number; jib: number; counter: number; hook: number; color: string }[];
  workers: { x: number; helmet: string; vest: string; pose: 'stand' | 'point' | 'carry' }[];
  signals?: { x: number; y: number }[];
}

function sky([top, middle, bottom]: Scene['sky']): string {
  return `<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${top}"/><stop offset="0.6" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/>
  </linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#9ec5ff"/><stop offset="1" stop-color="#4a7bd0"/>
  </linearGradient>
  <radialGradient id="sunGlow"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`;
}

function sun({ x, y, r, color }: Scene['sun']): string {
  return `<circle cx="${x}" cy="${y}" r="${r * 3}" fill="url(#sunGlow)" opacity="0.5"/><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;
}

function clouds(next: () => number): string {
  let out = '';
  for (let i = 0; i < 6; i++) {
    const x = next() * WIDTH;
    const y = 40 + next() * 120;
    const w = 80 + next() * 120;
    out += `<g fill="#fff" opacity="${(0.35 + next() * 0.3).toFixed(2)}"><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${w.toFixed(0)}" ry="${(w / 5).toFixed(0)}"/><ellipse cx="${(x + w / 3).toFixed(0)}" cy="${(y - w / 8).toFixed(0)}" rx="${(w / 2).toFixed(0)}" ry="${(w / 5).toFixed(0)}"/></g>`;
  }
  return out;
}

function skyline(color: string, next: () => number): string {
  let out = `<g fill="${color}">`;
  for (let x = 0; x < WIDTH;) {
    const w = 40 + next() * 70;
    const h = 50 + next() * 120;
    out += `<rect x="${x.toFixed(0)}" y="${(GROUND - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}"/>`;
    x += w + next() * 10;
  }
  return `${out}</g>`;
}

/** A tower under construction: finished floors with windows, a bare concrete frame above, scaffolding and net. */
function tower({ x, floors, built, width }: Scene['towers'][number]): string {
  const floor = 18;
  const top = GROUND - floors * floor;
  let out = `<g>`;
  for (let i = 0; i < floors; i++) {
    const y = GROUND - (i + 1) * floor;
    if (i < built) {
      out += `<rect x="${x}" y="${y}" width="${width}" height="${floor}" fill="#dfe6f0" stroke="#b8c4d6" stroke-width="1"/>`;
      for (let wx = x + 8; wx < x + width - 14; wx += 22) {
        out += `<rect x="${wx}" y="${y + 4}" width="14" height="10" fill="url(#glass)"/>`;
      }
    } else {
      out += `<rect x="${x}" y="${y + floor - 4}" width="${width}" height="4" fill="#a9b2bf"/>`;
      for (let cx = x; cx <= x + width; cx += width / 4) {
        out += `<rect x="${cx - 2}" y="${y}" width="4" height="${floor}" fill="#a9b2bf"/>`;
      }
    }
  }
  // scaffolding with the green safety net on the side still being built
  const netTop = GROUND - floors * floor;
  const netBottom = GROUND - built * floor + floor * 2;
  out += `<rect x="${x + width}" y="${netTop}" width="16" height="${netBottom - netTop}" fill="#2e8b57" opacity="0.75"/>`;
  for (let y = netTop; y < netBottom; y += 12) {
    out += `<line x1="${x + width}" y1="${y}" x2="${x + width + 16}" y2="${y}" stroke="#1f6b42" stroke-width="1"/>`;
  }
  out += `<rect x="${x - 4}" y="${top - 4}" width="${width + 24}" height="4" fill="#8a939f"/>`;
  return `${out}</g>`;
}

/** A tower crane: a lattice mast, the jib and counter-jib, the cab, a counterweight and a load on the hook. */
function crane({ x, height, jib, counter, hook, color }: Scene['cranes'][number]): string {
  const top = GROUND - height;
  let out = `<g stroke="${color}" stroke-width="2" fill="none">`;
  out += `<rect x="${x - 7}" y="${top}" width="14" height="${height}"/>`;
  for (let y = top; y < GROUND; y += 14) {
    out += `<line x1="${x - 7}" y1="${y}" x2="${x + 7}" y2="${y + 14}"/><line x1="${x + 7}" y1="${y}" x2="${x - 7}" y2="${y + 14}"/>`;
  }
  out += `<line x1="${x - counter}" y1="${top}" x2="${x + jib}" y2="${top}" stroke-width="3"/>`;
  out += `<line x1="${x - counter}" y1="${top + 10}" x2="${x + jib}" y2="${top + 10}"/>`;
  for (let jx = x - counter; jx < x + jib; jx += 16) {
    out += `<line x1="${jx}" y1="${top + 10}" x2="${jx + 8}" y2="${top}"/><line x1="${jx + 8}" y1="${top}" x2="${jx + 16}" y2="${top + 10}"/>`;
  }
  out += `<line x1="${x}" y1="${top - 36}" x2="${x + jib * 0.7}" y2="${top}"/><line x1="${x}" y1="${top - 36}" x2="${x - counter}" y2="${top}"/>`;
  out += `<rect x="${x - 3}" y="${top - 36}" width="6" height="36" fill="${color}"/>`;
  out += `</g>`;
  out += `<rect x="${x - counter}" y="${top + 10}" width="26" height="18" fill="#5c6675"/>`;
  out += `<rect x="${x + 8}" y="${top + 10}" width="16" height="14" rx="2" fill="${color}" stroke="#333" stroke-width="1"/><rect x="${x + 11}" y="${top + 12}" width="10" height="7" fill="#cfe3ff"/>`;
  const hookX = x + hook;
  const hookY = top + height * 0.45;
  out += `<rect x="${hookX - 6}" y="${top + 8}" width="12" height="6" fill="#333"/>`;
  out += `<line x1="${hookX}" y1="${top + 14}" x2="${hookX}" y2="${hookY}" stroke="#333" stroke-width="1.5"/>`;
  out += `<path d="M${hookX - 4} ${hookY} h8 l-4 8 z" fill="#333"/>`;
  out += `<line x1="${hookX}" y1="${hookY + 8}" x2="${hookX - 24}" y2="${hookY + 26}" stroke="#333"/><line x1="${hookX}" y1="${hookY + 8}" x2="${hookX + 24}" y2="${hookY + 26}" stroke="#333"/>`;
  out += `<rect x="${hookX - 30}" y="${hookY + 26}" width="60" height="10" fill="#c46b2d"/><rect x="${hookX - 30}" y="${hookY + 36}" width="60" height="4" fill="#8c4a1d"/>`;
  return out;
}

/** A worker in a hard hat and a high-visibility vest with its reflective stripe. */
function worker({ x, helmet, vest, pose }: Scene['workers'][number]): string {
  const y = GROUND + 2;
  let out = `<g>`;
  out += `<rect x="${x - 6}" y="${y - 22}" width="5" height="22" fill="#2d3a4f"/><rect x="${x + 1}" y="${y - 22}" width="5" height="22" fill="#2d3a4f"/>`;
  out += `<rect x="${x - 8}" y="${y - 46}" width="16" height="26" rx="3" fill="${vest}"/>`;
  out += `<rect x="${x - 8}" y="${y - 34}" width="16" height="3" fill="#e8f0ff"/>`;
  out += `<circle cx="${x}" cy="${y - 53}" r="7" fill="#f1c7a0"/>`;
  out += `<path d="M${x - 9} ${y - 54} a9 9 0 0 1 18 0 z" fill="${helmet}"/><rect x="${x - 11}" y="${y - 55}" width="22" height="3" rx="1" fill="${helmet}"/>`;
  if (pose === 'point') {
    out += `<line x1="${x + 7}" y1="${y - 42}" x2="${x + 24}" y2="${y - 58}" stroke="${vest}" stroke-width="5" stroke-linecap="round"/>`;
  } else if (pose === 'carry') {
    out += `<rect x="${x - 22}" y="${y - 62}" width="44" height="5" fill="#b07a3c"/>`;
    out += `<line x1="${x - 7}" y1="${y - 42}" x2="${x - 12}" y2="${y - 58}" stroke="${vest}" stroke-width="5" stroke-linecap="round"/>`;
    out += `<line x1="${x + 7}" y1="${y - 42}" x2="${x + 12}" y2="${y - 58}" stroke="${vest}" stroke-width="5" stroke-linecap="round"/>`;
  } else {
    out += `<rect x="${x + 7}" y="${y - 44}" width="4" height="18" rx="2" fill="${vest}"/><rect x="${x + 9}" y="${y - 32}" width="9" height="12" rx="1" fill="#333"/><rect x="${x + 10}" y="${y - 31}" width="7" height="9" fill="#6fd3ff"/>`;
  }
  return `${out}</g>`;
}

/** Signal arcs of an IoT sensor. */
function signal({ x, y }: { x: number; y: number }): string {
  let out = `<circle cx="${x}" cy="${y}" r="4" fill="#00e0ff"/>`;
  for (const r of [10, 18, 26]) {
    out += `<path d="M${x - r * 0.7} ${y - r * 0.7} a${r} ${r} 0 0 1 ${r * 1.4} 0" stroke="#00e0ff" stroke-width="2" fill="none" opacity="${(1 - r / 40).toFixed(2)}"/>`;
  }
  return out;
}

function groundAndHoarding(ground: string): string {
  let out = `<rect x="0" y="${GROUND}" width="${WIDTH}" height="${HEIGHT - GROUND}" fill="${ground}"/>`;
  out += `<rect x="0" y="${GROUND + 18}" width="${WIDTH}" height="34" fill="#1d4fa8"/>`;
  for (let x = 0; x < WIDTH; x += 120) {
    out += `<rect x="${x}" y="${GROUND + 18}" width="4" height="34" fill="#f2f3f5"/>`;
  }
  out += `<rect x="0" y="${GROUND + 52}" width="${WIDTH}" height="${HEIGHT - GROUND - 52}" fill="#3b4252"/>`;
  for (let x = 20; x < WIDTH; x += 80) {
    out += `<rect x="${x}" y="${GROUND + 62}" width="40" height="4" fill="#f7ba1e" opacity="0.8"/>`;
  }
  return out;
}

function draw(scene: Scene): string {
  const next = random(scene.seed);
  const parts = [
    sky(scene.sky),
    sun(scene.sun),
    clouds(next),
    skyline(scene.skyline, next),
    ...scene.towers.map(tower),
    ...scene.cranes.map(crane),
    groundAndHoarding(scene.ground),
    ...scene.workers.map(worker),
    ...(scene.signals ?? []).map(signal),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="xMidYMid slice">\n${parts.join('\n')}\n</svg>\n`;
}

const scenes: Scene[] = [
  {
    file: 'site-morning.svg',
    seed: 7,
    sky: ['#2f6fe4', '#7fb2ff', '#dcecff'],
    sun: { x: 1560, y: 95, r: 34, color: '#fff3c4' },
    skyline: '#b9cbe6',
    ground: '#c9a978',
    towers: [
      { x: 1020, floors: 12, built: 8, width: 150 },
      { x: 1290, floors: 10, built: 10, width: 120 },
      { x: 1500, floors: 12, built: 6, width: 140 },
    ],
    cranes: [
      { x: 980, height: 255, jib: 300, counter: 90, hook: 220, color: '#f7ba1e' },
      { x: 1700, height: 230, jib: 200, counter: 80, hook: 140, color: '#ff7d00' },
    ],
    workers: [
      { x: 1180, helmet: '#f7ba1e', vest: '#ff7d00', pose: 'point' },
      { x: 1215, helmet: '#ffffff', vest: '#ff7d00', pose: 'stand' },
      { x: 1420, helmet: '#f53f3f', vest: '#ff9a2e', pose: 'carry' },
    ],
  },
  {
    file: 'site-iot.svg',
    seed: 11,
    sky: ['#0b2a5b', '#1d4fa8', '#5a8de0'],
    sun: { x: 1820, y: 90, r: 24, color: '#e8f3ff' },
    skyline: '#2c4f8c',
    ground: '#8d7a5c',
    towers: [
      { x: 1100, floors: 13, built: 9, width: 160 },
      { x: 1420, floors: 11, built: 7, width: 130 },
    ],
    cranes: [
      { x: 1060, height: 260, jib: 330, counter: 100, hook: 260, color: '#f7ba1e' },
      { x: 1640, height: 220, jib: 220, counter: 80, hook: 160, color: '#f7ba1e' },
    ],
    workers: [
      { x: 1300, helmet: '#ffffff', vest: '#ff7d00', pose: 'stand' },
      { x: 1580, helmet: '#f7ba1e', vest: '#ff7d00', pose: 'point' },
    ],
    signals: [
      { x: 1000, y: 330 - 260 + 40 },
      { x: 1700, y: 330 - 220 + 40 },
      { x: 1180, y: 120 },
      { x: 1490, y: 180 },
    ],
  },
  {
    file: 'site-evening.svg',
    seed: 23,
    sky: ['#3a2f6b', '#c0607a', '#ffc59a'],
    sun: { x: 1560, y: 150, r: 46, color: '#ffdf8a' },
    skyline: '#6a5078',
    ground: '#a07f5e',
    towers: [
      { x: 940, floors: 12, built: 12, width: 130 },
      { x: 1160, floors: 13, built: 7, width: 160 },
      { x: 1420, floors: 9, built: 4, width: 130 },
    ],
    cranes: [
      { x: 1360, height: 255, jib: 280, counter: 100, hook: 200, color: '#ffb65d' },
      { x: 1780, height: 215, jib: 180, counter: 70, hook: 110, color: '#ffb65d' },
    ],
    workers: [
      { x: 1100, helmet: '#f7ba1e', vest: '#ff7d00', pose: 'carry' },
      { x: 1330, helmet: '#ffffff', vest: '#ff9a2e', pose: 'stand' },
      { x: 1370, helmet: '#165dff', vest: '#ff7d00', pose: 'point' },
      { x: 1620, helmet: '#f7ba1e', vest: '#ff7d00', pose: 'stand' },
    ],
  },
];

const outDir = join(import.meta.dirname, '../public/gateway');
mkdirSync(outDir, { recursive: true });
for (const scene of scenes) writeFileSync(join(outDir, scene.file), draw(scene));
console.log(`gateway slides: ${scenes.map((scene) => scene.file).join(', ')} in ${outDir}`);
