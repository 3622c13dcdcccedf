/**
 * Illustrated "photos" for demo rooms: flat-design travel scenes drawn as SVG, one style per
 * room category, so a freshly seeded marketplace looks lived-in without shipping binary images.
 *
 * Everything here is pure string building: the seed renders the result with sharp (librsvg).
 * That shapes a few choices:
 *  - no filters (librsvg blurs slowly at this size), glows are radial gradients instead;
 *  - no text or external resources, so the output is the same on every machine;
 *  - one small PRNG seeded from (category, variant), so a room keeps its picture between seeds.
 */
import type { CategoryLabel } from '@staybook/domain';
import { seededRandom } from '../seeded-random.js';

const W = 1600;
const H = 1200;
const WARM = '#ffc766';

// ---------------------------------------------------------------------------------------------
// Randomness

/** FNV-1a, so a seed depends only on the category's name and the variant, never on run order. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Tiny and plenty random for placing trees and clouds. */
class Rng {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Cannot pick from an empty list');
    return item;
  }
}

// ---------------------------------------------------------------------------------------------
// Colour

function parseHex(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Linear blend of two `#rrggbb` colours; the basis of all lighting and haze. */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = parseHex(a);
  const [br, bg, bb] = parseHex(b);
  const channel = (from: number, to: number): string =>
    Math.round(from + (to - from) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

const darken = (color: string, t: number): string => mix(color, '#000000', t);
const lighten = (color: string, t: number): string => mix(color, '#ffffff', t);

// ---------------------------------------------------------------------------------------------
// SVG text

/** One decimal is invisible at 1600px and keeps the document small. */
function fmt(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Path-data template tag: `d\`M${x} ${y}\`` formats every number with `fmt`. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  return strings.reduce((out, part, i) => {
    const value = values[i];
    return out + part + (value === undefined ? '' : fmt(value));
  }, '');
}

type Attrs = Readonly<Record<string, string | number | undefined>>;

function el(tag: string, attrs: Attrs, children?: string): string {
  const list = Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? fmt(value) : value}"`)
    .join('');
  return children === undefined ? `<${tag}${list}/>` : `<${tag}${list}>${children}</${tag}>`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, more: Attrs = {}): string =>
  el('rect', { x, y, width: w, height: h, fill, ...more });
const circle = (cx: number, cy: number, r: number, fill: string, more: Attrs = {}): string =>
  el('circle', { cx, cy, r, fill, ...more });
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, more: Attrs = {}): string =>
  el('ellipse', { cx, cy, rx, ry, fill, ...more });
const path = (data: string, fill: string, more: Attrs = {}): string => el('path', { d: data, fill, ...more });
const polygon = (points: readonly number[], fill: string, more: Attrs = {}): string =>
  el('polygon', { points: points.map(fmt).join(' '), fill, ...more });
const group = (children: string, more: Attrs = {}): string => el('g', more, children);
const stroke = (data: string, color: string, width: number, more: Attrs = {}): string =>
  path(data, 'none', { stroke: color, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...more });

// ---------------------------------------------------------------------------------------------
// Light and the scene being drawn

type TimeOfDay = 'day' | 'golden' | 'dusk' | 'night';

interface Light {
  readonly time: TimeOfDay;
  /** Top, middle and horizon colours of the sky. */
  readonly sky: readonly [string, string, string];
  /** Everything on the ground is pulled toward this colour, so a whole scene shares one light. */
  readonly tint: string;
  readonly tintAmount: number;
  /** Whether windows and lamps glow, and how strongly their halo shows. */
  readonly glow: number;
  readonly cloud: string;
  readonly stars: number;
}

const LIGHTS: Record<TimeOfDay, Light> = {
  day: { time: 'day', sky: ['#3b88d2', '#7fbde9', '#d3ebf6'], tint: '#ffffff', tintAmount: 0, glow: 0, cloud: '#ffffff', stars: 0 },
  golden: { time: 'golden', sky: ['#4d5fa5', '#e8896c', '#ffd493'], tint: '#ff8c42', tintAmount: 0.13, glow: 0.3, cloud: '#ffc9ad', stars: 0 },
  dusk: { time: 'dusk', sky: ['#1e2658', '#69498b', '#f19a84'], tint: '#3a2d6c', tintAmount: 0.3, glow: 0.5, cloud: '#b9779b', stars: 30 },
  night: { time: 'night', sky: ['#070e29', '#152858', '#33558c'], tint: '#0f1c46', tintAmount: 0.42, glow: 0.7, cloud: '#2c3f70', stars: 110 },
};

type Stop = readonly [offset: number, color: string, opacity?: number];

class Scene {
  private readonly defs: string[] = [];
  private readonly ids = new Map<string, string>();
  private layers: string[] = [];

  constructor(
    readonly rng: Rng,
    readonly light: Light,
  ) {}

  get lit(): boolean {
    return this.light.glow > 0;
  }

  add(...parts: string[]): void {
    this.layers.push(...parts);
  }

  /** Collects what `draw` adds instead of adding it, so a layer can be reused (lake reflections). */
  capture(draw: () => void): string {
    const outer = this.layers;
    this.layers = [];
    draw();
    const inner = this.layers.join('');
    this.layers = outer;
    return inner;
  }

  /** A gradient over the filled shape's bounding box; vertical unless a vector is given. */
  linear(stops: readonly Stop[], [x1, y1, x2, y2]: readonly number[] = [0, 0, 0, 1]): string {
    return this.define('linearGradient', { x1, y1, x2, y2 }, stops);
  }

  /** A radial gradient over the shape's bounding box: any circle or ellipse becomes a soft glow. */
  radial(stops: readonly Stop[], fx = 0.5, fy = 0.5): string {
    return this.define('radialGradient', { cx: 0.5, cy: 0.5, r: 0.5, fx, fy }, stops);
  }

  clip(shape: string): string {
    return this.define('clipPath', {}, [], shape);
  }

  /** Lights an object colour for the time of day; `haze` fades it toward the horizon for depth. */
  tone(color: string, haze = 0): string {
    const lit = mix(color, this.light.tint, this.light.tintAmount);
    return haze > 0 ? mix(lit, this.light.sky[2], haze) : lit;
  }

  toSvg(mirrored: boolean): string {
    // Mirroring the finished picture is a cheap way to double the compositions.
    const transform = mirrored ? `matrix(-1 0 0 1 ${W} 0)` : undefined;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<defs>${this.defs.join('')}</defs>${group(this.layers.join(''), { transform })}</svg>`
    );
  }

  /** Identical definitions share one id, which keeps documents with many trees small. */
  private define(tag: string, attrs: Attrs, stops: readonly Stop[], body = ''): string {
    const content =
      body ||
      stops.map(([offset, color, opacity]) => el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity })).join('');
    const key = tag + JSON.stringify(attrs) + content;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = `d${this.ids.size}`;
      this.ids.set(key, id);
      this.defs.push(el(tag, { id, ...attrs }, content));
    }
    return `url(#${id})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Sky

interface Sun {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

function drawSky(s: Scene, horizon: number): Sun {
  const { rng, light } = s;
  const [top, middle, low] = light.sky;
  const h = horizon / H;
  s.add(rect(0, 0, W, H, s.linear([[0, top], [h * 0.55, middle], [h, low], [1, low]])));

  for (let i = 0; i < light.stars; i++) {
    const y = rng.range(0, horizon * (light.time === 'night' ? 0.75 : 0.4));
    s.add(circle(rng.range(0, W), y, rng.range(1.2, 3), '#fffbe8', { opacity: fmt(rng.range(0.35, 0.95) * (1 - y / horizon)) }));
  }

  let sun: Sun;
  if (light.time === 'day') {
    sun = { x: rng.range(200, 1400), y: rng.range(130, 250), r: 62 };
    s.add(circle(sun.x, sun.y, sun.r * 5, s.radial([[0, '#fff7c9', 0.7], [0.3, '#fff7c9', 0.18], [1, '#fff7c9', 0]])));
    s.add(circle(sun.x, sun.y, sun.r, '#fffbe6'));
  } else if (light.time === 'golden') {
    sun = { x: rng.range(250, 1350), y: horizon - rng.range(70, 160), r: 92 };
    s.add(circle(sun.x, sun.y, sun.r * 7, s.radial([[0, '#ffcf6b', 0.75], [0.3, '#ff9e59', 0.25], [1, '#ff9e59', 0]])));
    s.add(circle(sun.x, sun.y, sun.r, s.linear([[0, '#fff4c4'], [1, '#ffc36b']])));
  } else {
    // The moon sits high so it reads as night sky rather than a setting sun.
    sun = { x: rng.range(200, 1400), y: rng.range(120, 240), r: light.time === 'night' ? 54 : 40 };
    s.add(circle(sun.x, sun.y, sun.r * 5, s.radial([[0, '#e8efff', 0.35], [1, '#e8efff', 0]])));
    if (light.time === 'night') {
      s.add(circle(sun.x, sun.y, sun.r, '#f6f3e4'));
      s.add(circle(sun.x - sun.r * 0.3, sun.y - sun.r * 0.2, sun.r * 0.2, '#e2dcc6'));
      s.add(circle(sun.x + sun.r * 0.35, sun.y + sun.r * 0.3, sun.r * 0.14, '#e2dcc6'));
    } else {
      const { x, y, r } = sun;
      s.add(path(d`M${x} ${y - r}A${r} ${r} 0 1 0 ${x} ${y + r}A${r * 0.72} ${r} 0 1 1 ${x} ${y - r}Z`, '#fdf3d8'));
    }
  }

  const clouds = light.time === 'night' ? rng.int(0, 2) : rng.int(2, 4);
  for (let i = 0; i < clouds; i++) {
    const x = (W / clouds) * (i + rng.range(0.15, 0.85));
    cloud(s, x, rng.range(140, horizon * 0.55), rng.range(90, 170), light.cloud);
  }
  return sun;
}

function cloud(s: Scene, x: number, y: number, size: number, color: string): void {
  // A flat underside is what makes overlapping circles read as a cartoon cloud.
  const body =
    ellipse(x, y, size, size * 0.26, color) +
    circle(x - size * 0.45, y - size * 0.08, size * 0.33, color) +
    circle(x - size * 0.02, y - size * 0.26, size * 0.46, color) +
    circle(x + size * 0.46, y - size * 0.1, size * 0.3, color);
  s.add(group(body, { opacity: 0.88 }));
}

function birds(s: Scene, x: number, y: number, count: number): void {
  const color = s.tone('#2f3542');
  for (let i = 0; i < count; i++) {
    const bx = x + i * 46 + s.rng.range(-10, 10);
    const by = y + s.rng.range(-25, 25);
    const w = s.rng.range(10, 16);
    s.add(stroke(d`M${bx - w} ${by}Q${bx - w / 2} ${by - w * 0.6} ${bx} ${by}Q${bx + w / 2} ${by - w * 0.6} ${bx + w} ${by}`, color, 3));
  }
}

// ---------------------------------------------------------------------------------------------
// Terrain

type Profile = (x: number) => number;

/** A sum of sines: gentle, organic ridges whose height can be queried to stand things on them. */
function waves(rng: Rng, base: number, amplitude: number, wavelength: number): Profile {
  const parts = [
    { amp: amplitude, len: wavelength },
    { amp: amplitude * 0.4, len: wavelength * 0.47 },
    { amp: amplitude * 0.15, len: wavelength * 0.21 },
  ].map((part) => ({ ...part, phase: rng.range(0, Math.PI * 2) }));
  return (x) => base + parts.reduce((y, p) => y + p.amp * Math.sin((x / p.len) * Math.PI * 2 + p.phase), 0);
}

/** Levels the ground under a building so it neither hovers over a dip nor sinks into a bump. */
function levelled(profile: Profile, from: number, to: number, y: number, blend = 160): Profile {
  return (x) => {
    const distance = x < from ? from - x : x > to ? x - to : 0;
    const t = Math.min(1, distance / blend);
    return y + (profile(x) - y) * t * t * (3 - 2 * t);
  };
}

function hill(profile: Profile, cx: number, halfWidth: number, height: number): Profile {
  return (x) => profile(x) - height * Math.exp(-(((x - cx) / halfWidth) ** 2));
}

/** The profile as an open line across the canvas, a little past both edges. */
function profileLine(profile: Profile, step = 16): string {
  let data = '';
  for (let x = -step; x <= W + step; x += step) data += `${data ? 'L' : 'M'}${fmt(x)} ${fmt(profile(x))}`;
  return data;
}

function areaBelow(profile: Profile, bottom = H, step = 16): string {
  return `${profileLine(profile, step)}L${W + step} ${bottom}L${-step} ${bottom}Z`;
}

function land(s: Scene, profile: Profile, top: string, bottom: string, haze = 0): void {
  s.add(path(areaBelow(profile), s.linear([[0, s.tone(top, haze)], [1, s.tone(bottom, haze)]])));
}

interface Pt {
  readonly x: number;
  readonly y: number;
}

/** The point at `t` along the quadratic Bézier a → b bent toward `control`. */
function quadAt(a: Pt, control: Pt, b: Pt, t: number): Pt {
  const u = 1 - t;
  return { x: u * u * a.x + 2 * u * t * control.x + t * t * b.x, y: u * u * a.y + 2 * u * t * control.y + t * t * b.y };
}

/** Points between a and b pushed down and up in turn: the ragged edge of snow caps and drifts. */
function zigzag(rng: Rng, a: Pt, b: Pt, count: number, depth: number): number[] {
  const points: number[] = [];
  for (let i = 1; i <= count; i++) {
    const t = i / (count + 1);
    const push = (i % 2 === 1 ? 1 : -0.35) * depth * rng.range(0.6, 1.1);
    points.push(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t + push);
  }
  return points;
}

/** A peak lit from the left: the shaded right face is what makes flat shapes read as mountains. */
function mountain(
  s: Scene,
  cx: number,
  base: number,
  halfWidth: number,
  height: number,
  rock: string,
  snow: string | null,
  haze: number,
  snowLine = 0.38,
): void {
  const peak = { x: cx, y: base - height };
  const split = cx + halfWidth * 0.18;
  s.add(polygon([cx - halfWidth, base, peak.x, peak.y, split, base], s.tone(rock, haze)));
  s.add(polygon([peak.x, peak.y, cx + halfWidth, base, split, base], s.tone(darken(rock, 0.28), haze)));
  if (snow === null) return;
  const f = snowLine;
  const left = { x: peak.x - halfWidth * f, y: peak.y + height * f };
  const right = { x: peak.x + halfWidth * f, y: peak.y + height * f };
  const mid = { x: peak.x + (split - peak.x) * f, y: peak.y + height * f };
  const depth = height * 0.07;
  s.add(polygon([peak.x, peak.y, left.x, left.y, ...zigzag(s.rng, left, mid, 3, depth), mid.x, mid.y], s.tone(snow, haze)));
  s.add(polygon([peak.x, peak.y, mid.x, mid.y, ...zigzag(s.rng, mid, right, 2, depth), right.x, right.y], s.tone(mix(snow, '#6d84b8', 0.35), haze)));
}

function water(s: Scene, top: number, bottom: number, near: string, far: string): void {
  s.add(rect(0, top, W, bottom - top, s.linear([[0, s.tone(far)], [1, s.tone(near)]])));
}

/** Short pale dashes that grow toward the viewer: the cheapest convincing water surface. */
function ripples(s: Scene, top: number, bottom: number, count: number, color = '#ffffff', opacity = 0.35): void {
  const { rng } = s;
  for (let i = 0; i < count; i++) {
    const t = rng.next();
    const y = top + (bottom - top) * t * t;
    const len = 20 + 90 * t * rng.range(0.5, 1.2);
    const x = rng.range(-40, W);
    s.add(stroke(d`M${x} ${y}h${len}`, color, 2 + 3 * t, { opacity }));
  }
}

/** The sun's glitter path on water at golden hour, or the moon's at night. */
function glitter(s: Scene, sun: Sun, top: number, bottom: number): void {
  if (s.light.time === 'day') return;
  const color = s.light.time === 'golden' ? '#ffd27d' : '#dfe8ff';
  const rows = Math.floor((bottom - top) / 14);
  for (let i = 0; i < rows; i++) {
    const y = top + 6 + i * 14;
    const spread = 20 + (y - top) * 0.45;
    const w = s.rng.range(0.3, 1) * spread;
    s.add(stroke(d`M${sun.x + s.rng.range(-spread, spread) * 0.5 - w / 2} ${y}h${w}`, color, 4, { opacity: fmt(0.75 - (i / rows) * 0.45) }));
  }
}

// ---------------------------------------------------------------------------------------------
// Plants

function pine(s: Scene, x: number, base: number, h: number, color: string, snowy = false, haze = 0): void {
  const light = s.tone(color, haze);
  const dark = s.tone(darken(color, 0.3), haze);
  s.add(rect(x - h * 0.035, base - h * 0.14, h * 0.07, h * 0.15, s.tone('#5b3b26', haze)));
  for (let tier = 0; tier < 3; tier++) {
    const bottom = base - h * 0.1 - tier * h * 0.25;
    const top = bottom - h * 0.44;
    const half = h * (0.27 - tier * 0.055);
    s.add(polygon([x - half, bottom, x, top, x, bottom], light));
    s.add(polygon([x, top, x + half, bottom, x, bottom], dark));
    if (snowy) {
      const tall = bottom - top;
      const a = { x: x - half * 0.42, y: top + tall * 0.42 };
      const b = { x: x + half * 0.42, y: top + tall * 0.42 };
      s.add(polygon([x, top, a.x, a.y, ...zigzag(s.rng, a, b, 3, tall * 0.1), b.x, b.y], s.tone('#f4f8fc', haze)));
    }
  }
}

/** A whole row of small pines as one path: distant forests stay cheap to render. */
function forest(s: Scene, profile: Profile, minH: number, maxH: number, spacing: number, color: string, haze: number): void {
  let data = '';
  for (let x = -20; x < W + 40; x += spacing * s.rng.range(0.6, 1.2)) {
    const h = s.rng.range(minH, maxH);
    const base = profile(x) + 6;
    const half = h * 0.22;
    data += d`M${x - half} ${base}L${x} ${base - h}L${x + half} ${base}Z`;
  }
  s.add(path(`${areaBelow((x) => profile(x) + 4)}${data}`, s.tone(color, haze)));
}

function roundTree(s: Scene, x: number, base: number, h: number, color: string, haze = 0): void {
  const dark = s.tone(darken(color, 0.25), haze);
  const light = s.tone(color, haze);
  s.add(polygon([x - h * 0.05, base, x - h * 0.025, base - h * 0.5, x + h * 0.025, base - h * 0.5, x + h * 0.05, base], s.tone('#6b4a32', haze)));
  s.add(circle(x, base - h * 0.66, h * 0.3, dark));
  s.add(circle(x - h * 0.2, base - h * 0.52, h * 0.21, dark));
  s.add(circle(x + h * 0.2, base - h * 0.54, h * 0.22, dark));
  s.add(circle(x - h * 0.06, base - h * 0.72, h * 0.24, light));
  s.add(circle(x - h * 0.2, base - h * 0.56, h * 0.15, light));
}

function cypress(s: Scene, x: number, base: number, h: number, color: string, haze = 0): void {
  const w = h * 0.13;
  const outline = d`M${x} ${base}Q${x - w * 1.6} ${base - h * 0.45} ${x} ${base - h}Q${x + w * 1.6} ${base - h * 0.45} ${x} ${base}Z`;
  const fill = s.linear([[0, s.tone(lighten(color, 0.1), haze)], [1, s.tone(darken(color, 0.35), haze)]], [0, 0, 1, 0]);
  s.add(path(outline, fill));
}

function bush(s: Scene, x: number, base: number, size: number, color: string, haze = 0): void {
  const dark = s.tone(darken(color, 0.22), haze);
  const light = s.tone(lighten(color, 0.08), haze);
  s.add(circle(x - size * 0.5, base - size * 0.3, size * 0.42, dark));
  s.add(circle(x + size * 0.45, base - size * 0.32, size * 0.46, dark));
  s.add(circle(x, base - size * 0.55, size * 0.58, dark));
  s.add(circle(x - size * 0.15, base - size * 0.68, size * 0.38, light));
  s.add(circle(x - size * 0.55, base - size * 0.42, size * 0.26, light));
}

function palm(s: Scene, x: number, base: number, h: number, lean: number, leaf = '#2f9e5b'): void {
  const k = h / 400;
  const top = { x: x + lean * h, y: base - h };
  const bend = { x: x + lean * h * 0.15, y: base - h * 0.5 };
  const trunk = s.tone('#8a6543');
  s.add(
    path(
      d`M${x - 13 * k} ${base}Q${bend.x - 9 * k} ${bend.y} ${top.x - 5 * k} ${top.y}` +
        d`L${top.x + 5 * k} ${top.y}Q${bend.x + 9 * k} ${bend.y} ${x + 13 * k} ${base}Z`,
      trunk,
    ),
  );
  // Rings along the trunk curve are what make it read as a palm rather than a stick.
  for (let t = 0.08; t < 0.95; t += 0.08) {
    const at = quadAt({ x, y: base }, bend, top, t);
    const half = (13 - 8 * t) * k;
    s.add(stroke(d`M${at.x - half} ${at.y}q${half} ${4 * k} ${half * 2} 0`, s.tone(darken('#8a6543', 0.3)), 2.5 * k));
  }
  const angles = [-172, -145, -118, -88, -62, -35, -8, 200, 160];
  angles.forEach((deg, i) => {
    const a = (deg * Math.PI) / 180;
    const len = h * (deg > 150 ? 0.36 : 0.46) * s.rng.range(0.85, 1.1);
    const droop = len * 0.45 * Math.abs(Math.cos(a));
    const dx = Math.cos(a);
    const dy = Math.sin(a);
    const tip = { x: top.x + dx * len, y: top.y + dy * len + droop };
    const mid = { x: top.x + dx * len * 0.5, y: top.y + dy * len * 0.5 - droop * 0.15 };
    const w = len * 0.14;
    const color = s.tone(i % 2 === 0 ? leaf : darken(leaf, 0.2));
    s.add(path(d`M${top.x} ${top.y}Q${mid.x - dy * w} ${mid.y + dx * w} ${tip.x} ${tip.y}Q${mid.x + dy * w} ${mid.y - dx * w} ${top.x} ${top.y}Z`, color));
    s.add(stroke(d`M${top.x} ${top.y}Q${mid.x} ${mid.y} ${tip.x} ${tip.y}`, s.tone(darken(leaf, 0.35)), 2 * k));
  });
  s.add(circle(top.x - 7 * k, top.y + 8 * k, 8 * k, s.tone('#5a3d24')));
  s.add(circle(top.x + 7 * k, top.y + 9 * k, 8 * k, s.tone('#6b4a2c')));
}

function saguaro(s: Scene, x: number, base: number, h: number, color = '#4f8a4b'): void {
  const w = h * 0.15;
  const body = s.tone(color);
  const rib = s.tone(darken(color, 0.25));
  const armL = base - h * (0.42 + s.rng.range(0, 0.1));
  const armR = base - h * (0.52 + s.rng.range(0, 0.1));
  s.add(stroke(d`M${x - w * 0.15} ${armL}H${x - w * 1.3}V${armL - h * 0.3}`, body, w * 0.72));
  s.add(stroke(d`M${x + w * 0.15} ${armR}H${x + w * 1.25}V${armR - h * 0.26}`, body, w * 0.72));
  s.add(stroke(d`M${x} ${base}V${base - h + w / 2}`, body, w));
  for (const offset of [-0.22, 0.22]) s.add(stroke(d`M${x + w * offset} ${base - 4}V${base - h + w}`, rib, w * 0.07));
}

// ---------------------------------------------------------------------------------------------
// Buildings

function shadow(s: Scene, cx: number, y: number, rx: number, ry: number): void {
  s.add(ellipse(cx, y, rx, ry, '#000000', { opacity: 0.18 }));
}

interface PaneOptions {
  readonly frame?: string;
  readonly bars?: 'cross' | 'vertical' | 'none';
  readonly arch?: boolean;
}

/** A window: sky reflections by day, warm light with a halo once the lamps are on. */
function pane(s: Scene, x: number, y: number, w: number, h: number, options: PaneOptions = {}): void {
  const frame = s.tone(options.frame ?? '#f5f1e8');
  const shape = options.arch
    ? d`M${x} ${y + h}V${y + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}V${y + h}Z`
    : d`M${x} ${y}h${w}v${h}h${-w}Z`;
  let fill: string;
  if (s.lit) {
    s.add(ellipse(x + w / 2, y + h / 2, w * 1.4, h * 1.1, s.radial([[0, WARM, s.light.glow], [1, WARM, 0]])));
    fill = s.linear([[0, '#fff2c2'], [1, '#ffb347']]);
  } else {
    fill = s.linear([[0, s.tone('#d5edf9')], [1, s.tone('#5f93bd')]]);
  }
  const frameWidth = Math.max(3, Math.min(w, h) * 0.09);
  s.add(path(shape, fill, { stroke: frame, 'stroke-width': frameWidth }));
  if (!s.lit && !options.arch) s.add(polygon([x + w * 0.2, y + h, x + w * 0.6, y, x + w * 0.78, y, x + w * 0.38, y + h], '#ffffff', { opacity: 0.3 }));
  const bars = options.bars ?? 'cross';
  if (bars !== 'none') s.add(stroke(d`M${x + w / 2} ${y + (options.arch ? 2 : 0)}V${y + h}`, frame, frameWidth * 0.6));
  if (bars === 'cross') s.add(stroke(d`M${x} ${y + h * 0.5}H${x + w}`, frame, frameWidth * 0.6));
}

function door(s: Scene, x: number, y: number, w: number, h: number, color: string, arch = false): void {
  const data = arch ? d`M${x} ${y + h}V${y + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}V${y + h}Z` : d`M${x} ${y}h${w}v${h}h${-w}Z`;
  s.add(path(data, s.tone(color), { stroke: s.tone(darken(color, 0.35)), 'stroke-width': Math.max(2, w * 0.06) }));
  s.add(circle(x + w * 0.78, y + h * 0.55, Math.max(2, w * 0.05), s.tone('#e8c36a')));
}

/** A lamp or fire's pool of light; stronger the darker it is. */
function glow(s: Scene, cx: number, cy: number, rx: number, ry: number, color = WARM, strength = 1): void {
  const opacity = Math.min(1, (s.light.glow + 0.15) * strength);
  s.add(ellipse(cx, cy, rx, ry, s.radial([[0, color, opacity], [0.4, color, opacity * 0.4], [1, color, 0]])));
}

function smoke(s: Scene, x: number, y: number, k: number): void {
  if (s.light.time === 'night') return;
  for (let i = 0; i < 4; i++) {
    s.add(circle(x + i * 14 * k + Math.sin(i) * 8 * k, y - i * 34 * k, (12 + i * 6) * k, s.tone('#e8e8ea'), { opacity: fmt(0.5 - i * 0.1) }));
  }
}

interface CottageStyle {
  readonly wall: string;
  readonly roof: string;
  readonly trim: string;
  readonly door: string;
  readonly logs?: boolean;
  readonly snow?: boolean;
  readonly chimney?: boolean;
  readonly balcony?: boolean;
}

/** A gabled house in two-point-ish perspective: gable end facing us, long wall to the side. */
function cottage(s: Scene, x: number, ground: number, k: number, style: CottageStyle): void {
  const gw = 230 * k;
  const sw = 310 * k;
  const h = 150 * k;
  const rise = 125 * k;
  const ov = 22 * k;
  const top = ground - h;
  const peak = { x: x + gw / 2, y: top - rise };
  const drop = (rise / (gw / 2)) * ov;
  const wall = s.tone(style.wall);
  const roofDark = s.tone(darken(style.roof, 0.3));
  const trim = s.tone(style.trim);

  shadow(s, x + (gw + sw) / 2, ground + 4 * k, (gw + sw) * 0.6, 18 * k);
  s.add(rect(x + gw, top, sw, h, s.tone(darken(style.wall, 0.16))));
  s.add(polygon([x, ground, x, top, peak.x, peak.y, x + gw, top, x + gw, ground], wall));
  if (style.logs) {
    for (let y = top + 16 * k; y < ground; y += 17 * k) s.add(stroke(d`M${x} ${y}H${x + gw + sw}`, s.tone(darken(style.wall, 0.35)), 2.5 * k, { opacity: 0.55 }));
  }
  if (style.chimney) {
    const cx = peak.x + sw * 0.7;
    s.add(rect(cx, peak.y - 36 * k, 34 * k, 80 * k, s.tone('#8c5a44')));
    s.add(rect(cx - 5 * k, peak.y - 44 * k, 44 * k, 12 * k, s.tone('#5e3b2d')));
    smoke(s, cx + 17 * k, peak.y - 70 * k, k);
  }
  const roof = d`M${peak.x} ${peak.y}L${peak.x + sw} ${peak.y}L${x + gw + sw + ov} ${top + drop}L${x + gw + ov} ${top + drop}Z`;
  s.add(path(roof, s.linear([[0, s.tone(lighten(style.roof, 0.1))], [1, roofDark]])));
  s.add(stroke(d`M${x + gw + ov} ${top + drop}H${x + gw + sw + ov}`, roofDark, 8 * k));
  s.add(stroke(d`M${x - ov} ${top + drop}L${peak.x} ${peak.y}L${x + gw + ov} ${top + drop}`, trim, 10 * k));
  if (style.snow) {
    const along = 0.4;
    const a = { x: peak.x + (gw / 2 + ov) * along, y: peak.y + (rise + drop) * along };
    const b = { x: a.x + sw, y: a.y };
    s.add(polygon([peak.x, peak.y - 6 * k, peak.x + sw, peak.y - 6 * k, b.x + 6 * k, b.y, ...zigzag(s.rng, b, a, 5, 10 * k), a.x, a.y], s.tone('#f5f9fd')));
    s.add(stroke(d`M${x - ov} ${top + drop - 6 * k}L${peak.x} ${peak.y - 7 * k}`, s.tone('#f5f9fd'), 8 * k));
  }

  const count = sw > 260 * k ? 2 : 1;
  for (let i = 0; i < count; i++) {
    const slot = sw / count;
    pane(s, x + gw + slot * i + slot / 2 - 32 * k, top + 38 * k, 64 * k, 70 * k, { frame: style.trim });
  }
  door(s, peak.x - 29 * k, ground - 94 * k, 58 * k, 94 * k, style.door);
  pane(s, peak.x - 20 * k, peak.y + rise * 0.5, 40 * k, 40 * k, { frame: style.trim });
  if (style.balcony) {
    const y = top - 4 * k;
    s.add(rect(x - 14 * k, y, gw + 28 * k, 10 * k, s.tone(darken(style.wall, 0.3))));
    let rail = d`M${x - 12 * k} ${y - 34 * k}H${x + gw + 12 * k}`;
    for (let bx = x - 10 * k; bx <= x + gw + 12 * k; bx += 14 * k) rail += d`M${bx} ${y}V${y - 34 * k}`;
    s.add(stroke(rail, s.tone(darken(style.wall, 0.3)), 4 * k));
  }
}

// ---------------------------------------------------------------------------------------------
// Field patterns

/** Crop rows converging on a vanishing point above the field: tulip and wheat fields. */
function rows(s: Scene, top: number, colors: readonly string[], gap: string, period: number, vanish: Pt): void {
  const spread = (H - vanish.y) / (top - vanish.y);
  const atTop = (bottomX: number): number => vanish.x + (bottomX - vanish.x) / spread;
  s.add(rect(0, top, W, H - top, s.linear([[0, s.tone(gap, 0.3)], [1, s.tone(gap)]])));
  const start = vanish.x - Math.ceil((vanish.x * spread) / period) * period;
  const end = vanish.x + (W - vanish.x) * spread;
  let i = 0;
  for (let xb = start; xb < end; xb += period, i++) {
    const color = colors[i % colors.length] ?? gap;
    const xe = xb + period * 0.78;
    s.add(polygon([atTop(xb), top, atTop(xe), top, xe, H, xb, H], s.linear([[0, s.tone(color, 0.35)], [1, s.tone(color)]])));
  }
}

/** Stripes of crops clipped to a hillside, like a patchwork of fields seen from afar. */
function patchwork(s: Scene, profile: Profile, colors: readonly string[], haze: number): void {
  const clip = s.clip(path(areaBelow(profile), '#000000'));
  let stripes = '';
  const angle = s.rng.range(-0.5, 0.5);
  for (let i = 0; i < 14; i++) {
    const x = -400 + i * 170;
    const color = s.tone(s.rng.pick(colors), haze);
    stripes += polygon([x, 1200, x + 170, 1200, x + 170 + 600 * angle + 400, 500, x + 600 * angle + 400, 500], color);
  }
  s.add(group(stripes, { 'clip-path': clip }));
}

// ---------------------------------------------------------------------------------------------
// Categories

function drawBeach(s: Scene, sun: Sun): void {
  const { rng } = s;
  const horizon = 640;
  if (rng.chance(0.7)) {
    const x = rng.range(900, 1500);
    const headland = d`M${x - 260} ${horizon}Q${x - 120} ${horizon - 70} ${x} ${horizon - 55}Q${x + 140} ${horizon - 40} ${x + 260} ${horizon}Z`;
    s.add(path(headland, s.tone('#6f8f8a', 0.55)));
  }
  water(s, horizon, H, '#5fd3cf', '#1f78b4');
  glitter(s, sun, horizon, 860);
  ripples(s, horizon, 880, 40);
  if (rng.chance(0.6)) sailboat(s, rng.range(200, 700), horizon + 20, 0.6);

  const phase = rng.range(0, 6);
  const shore: Profile = (x) => 950 - x * 0.09 + 14 * Math.sin(x / 140 + phase);
  s.add(path(areaBelow((x) => shore(x) - 14), s.tone('#bfe8df'), { opacity: 0.8 }));
  s.add(path(areaBelow(shore), s.linear([[0, s.tone('#d9b77f')], [0.15, s.tone('#f1d7a2')], [1, s.tone('#e7bf80')]])));
  s.add(stroke(profileLine((x) => shore(x) - 4), s.tone('#ffffff'), 6, { opacity: 0.85 }));

  const sand = rng.pick(['#f7efe2', '#f3e3c8', '#e9f1f4']);
  const roof = rng.pick(['#2f7fa6', '#d0694a', '#3e9c8b']);
  cottage(s, rng.range(900, 1000), 935, 0.95, { wall: sand, roof, trim: '#ffffff', door: darken(roof, 0.1) });
  palm(s, 880, 990, 480, 0.18);
  palm(s, 1530, 960, 420, -0.2, '#3aa866');
  palm(s, 110, 1210, 720, 0.3, '#268a50');
  const umbrella = rng.range(420, 640);
  towel(s, umbrella + 40, 1080, rng.pick(['#2a9d8f', '#e76f51', '#457b9d']));
  parasol(s, umbrella, 1060, rng.pick(['#e63946', '#f4a261', '#2a9d8f']));
}

function sailboat(s: Scene, x: number, y: number, k: number): void {
  s.add(path(d`M${x - 50 * k} ${y}L${x + 50 * k} ${y}L${x + 36 * k} ${y + 14 * k}L${x - 38 * k} ${y + 14 * k}Z`, s.tone('#5b4636')));
  s.add(polygon([x, y - 4 * k, x, y - 120 * k, x + 46 * k, y - 4 * k], s.tone('#fbf7ee')));
  s.add(polygon([x - 4 * k, y - 4 * k, x - 4 * k, y - 96 * k, x - 40 * k, y - 4 * k], s.tone('#e9e2d3')));
}

function towel(s: Scene, x: number, y: number, color: string): void {
  s.add(polygon([x - 110, y + 10, x + 40, y - 8, x + 90, y + 46, x - 60, y + 66], s.tone(color)));
  for (const t of [0.2, 0.75]) {
    const a = { x: x - 110 + 50 * t, y: y + 10 + 56 * t };
    s.add(polygon([a.x, a.y, a.x + 150, a.y - 18, a.x + 155, a.y - 10, a.x + 5, a.y + 8], s.tone('#ffffff')));
  }
}

function parasol(s: Scene, x: number, y: number, color: string): void {
  s.add(stroke(d`M${x} ${y + 10}L${x + 20} ${y - 210}`, s.tone('#efe6d6'), 7));
  const top = { x: x + 20, y: y - 220 };
  s.add(path(d`M${top.x - 150} ${top.y + 50}Q${top.x} ${top.y - 75} ${top.x + 150} ${top.y + 50}Z`, s.tone(color)));
  s.add(path(d`M${top.x - 50} ${top.y + 50}Q${top.x} ${top.y - 60} ${top.x + 50} ${top.y + 50}Z`, s.tone('#ffffff')));
}

function windmill(s: Scene, x: number, ground: number, k: number, body: string, haze = 0): void {
  const tone = (c: string): string => s.tone(c, haze);
  const towerTop = ground - 380 * k;
  const rounded = s.linear([[0, tone(lighten(body, 0.1))], [1, tone(darken(body, 0.35))]], [0, 0, 1, 0]);
  s.add(polygon([x - 92 * k, ground - 110 * k, x - 52 * k, towerTop, x + 52 * k, towerTop, x + 92 * k, ground - 110 * k], rounded));
  s.add(rect(x - 105 * k, ground - 115 * k, 210 * k, 115 * k, tone('#a5523e')));
  s.add(rect(x - 140 * k, ground - 122 * k, 280 * k, 12 * k, tone('#3d2f28')));
  let rail = d`M${x - 140 * k} ${ground - 150 * k}H${x + 140 * k}`;
  for (let bx = x - 136 * k; bx <= x + 140 * k; bx += 20 * k) rail += d`M${bx} ${ground - 122 * k}V${ground - 150 * k}`;
  s.add(stroke(rail, tone('#3d2f28'), 4 * k));
  if (haze < 0.3) {
    door(s, x - 24 * k, ground - 78 * k, 48 * k, 78 * k, '#2e6b4f', true);
    pane(s, x - 18 * k, towerTop + 120 * k, 36 * k, 46 * k, { frame: '#f1ece0' });
  }
  const cap = d`M${x - 66 * k} ${towerTop + 6 * k}Q${x - 60 * k} ${towerTop - 62 * k} ${x} ${towerTop - 66 * k}` +
    d`Q${x + 60 * k} ${towerTop - 62 * k} ${x + 66 * k} ${towerTop + 6 * k}Z`;
  s.add(path(cap, tone('#3a3634')));
  const hub = { x: x + 10 * k, y: towerTop - 30 * k };
  const angle = s.rng.range(0, 90);
  let sails = '';
  for (let i = 0; i < 4; i++) {
    let lattice = d`M${hub.x + 40 * k} ${hub.y + 4 * k}H${hub.x + 270 * k}`;
    for (let lx = hub.x + 40 * k; lx <= hub.x + 272 * k; lx += 23 * k) lattice += d`M${lx} ${hub.y + 4 * k}V${hub.y + 46 * k}`;
    lattice += d`M${hub.x + 40 * k} ${hub.y + 25 * k}H${hub.x + 270 * k}M${hub.x + 40 * k} ${hub.y + 46 * k}H${hub.x + 270 * k}`;
    sails += group(
      rect(hub.x + 40 * k, hub.y + 4 * k, 230 * k, 42 * k, tone('#f1e8d4'), { opacity: 0.9 }) +
        stroke(lattice, tone('#5b4636'), 3 * k) +
        stroke(d`M${hub.x} ${hub.y}H${hub.x + 280 * k}`, tone('#4a3a2e'), 9 * k),
      { transform: `rotate(${fmt(angle + i * 90)} ${fmt(hub.x)} ${fmt(hub.y)})` },
    );
  }
  s.add(sails, circle(hub.x, hub.y, 14 * k, tone('#2b2522')));
}

function drawWindmills(s: Scene): void {
  const { rng } = s;
  const meadow = waves(rng, 800, 6, 700);
  land(s, (x) => meadow(x) - 25, '#7aa36a', '#5f8c57', 0.55);
  for (let x = 40; x < W; x += rng.range(60, 140)) roundTree(s, x, meadow(x) - 10, rng.range(50, 80), '#4f7f4a', 0.5);
  windmill(s, rng.range(1150, 1450), meadow(1300) - 4, 0.28, '#5b4a40', 0.45);
  land(s, meadow, '#8cc06a', '#6aa556');
  s.add(rect(0, 866, W, 18, s.tone('#4f9bc4')));

  const millX = rng.range(300, 460);
  windmill(s, millX, 878, 1.05, rng.pick(['#4d4845', '#5a4434', '#3e5a4b']));
  const roof = rng.pick(['#3b3a3d', '#7a3b2e', '#2f4858']);
  cottage(s, rng.range(820, 950), 872, 0.78, { wall: rng.pick(['#a8553f', '#f3efe6', '#8f4a3a']), roof, trim: '#ffffff', door: '#2e6b4f', chimney: true });

  const palettes = [
    ['#e63946', '#ffd23f', '#ff7eb6', '#ff8c42', '#f7f3ee'],
    ['#ff4d6d', '#ffbe0b', '#9b5de5', '#f15bb5', '#fb5607'],
    ['#d00000', '#ffba08', '#e85d75', '#ffffff', '#f48c06'],
  ];
  rows(s, 892, rng.pick(palettes), '#3f8f43', 260, { x: rng.range(600, 1000), y: 640 });
}

function drawModern(s: Scene): void {
  const { rng } = s;
  const ground = 905;
  const back = waves(rng, 760, 25, 1100);
  land(s, back, '#7c9f86', '#6c8f76', 0.55);
  for (let x = 20; x < W; x += rng.range(70, 130)) {
    if (rng.chance(0.5)) cypress(s, x, 840, rng.range(170, 260), '#3f6b4a', 0.2);
    else roundTree(s, x, 845, rng.range(150, 220), '#4e8050', 0.2);
  }
  land(s, () => 830, '#86c06a', '#5e9e4f');

  const x0 = rng.range(330, 460);
  const lowW = rng.range(700, 800);
  const upOff = rng.range(180, 280);
  const upW = rng.range(620, 720);
  const concrete = rng.pick(['#dcd8d0', '#e9e6df', '#cfd3d6']);
  const cladding = rng.pick(['#b07a4f', '#3b3f45', '#f4f2ee']);
  const slab = s.tone('#2f3237');
  shadow(s, x0 + lowW / 2 + 80, ground + 4, lowW * 0.65, 22);

  s.add(rect(x0, ground - 200, lowW, 200, s.tone(concrete)));
  const glassX = x0 + 110;
  const glassW = lowW - 240;
  glassWall(s, glassX, ground - 184, glassW, 176, 5);
  s.add(rect(x0 + lowW - 110, ground - 160, 70, 160, s.tone(darken(concrete, 0.12))));

  const ux = x0 + upOff;
  s.add(rect(ux, ground - 390, upW, 182, s.tone(cladding)));
  if (cladding === '#b07a4f') {
    for (let lx = ux + 14; lx < ux + upW; lx += 14) s.add(stroke(d`M${lx} ${ground - 388}V${ground - 210}`, s.tone('#8a5d3b'), 2));
  }
  glassWall(s, ux + 40, ground - 360, upW * 0.62, 120, 4);
  s.add(rect(ux + upW - 40, ground - 208, 40, 208, s.tone(darken(concrete, 0.25))));
  s.add(rect(x0 - 20, ground - 214, lowW + 40 + Math.max(0, ux + upW - x0 - lowW), 16, slab));
  s.add(rect(ux - 24, ground - 402, upW + 48, 16, slab));

  s.add(polygon([x0 + 200, ground, x0 + 280, ground, 760, H, 560, H], s.tone('#d9d2c4'), { opacity: 0.9 }));
  for (let i = 0; i < 5; i++) {
    const t = i / 4;
    const y = ground + 30 + t * t * 240;
    const cx = x0 + 240 + (660 - x0 - 240) * t;
    s.add(rect(cx - 30 - t * 40, y, 60 + t * 80, 10 + t * 16, s.tone('#f3efe6'), { rx: 3 }));
  }
  for (let x = 40; x < W; x += rng.range(120, 200)) if (Math.abs(x - 660) > 160) bush(s, x, H - rng.range(20, 120), rng.range(50, 90), '#3f7d46');
  for (const gx of [x0 - 80, x0 + lowW + 60]) grasses(s, gx, ground + 20, 80);
}

/** Floor-to-ceiling glazing split by thin mullions. */
function glassWall(s: Scene, x: number, y: number, w: number, h: number, panels: number): void {
  const fill = s.lit ? s.linear([[0, '#ffe7a8'], [1, '#f0a04b']]) : s.linear([[0, s.tone('#a9d4ee')], [0.6, s.tone('#6c9cc2')], [1, s.tone('#3e6583')]]);
  if (s.lit) glow(s, x + w / 2, y + h, w * 0.7, h * 0.6);
  s.add(rect(x, y, w, h, fill));
  if (!s.lit) s.add(polygon([x + w * 0.1, y + h, x + w * 0.35, y, x + w * 0.5, y, x + w * 0.25, y + h], '#ffffff', { opacity: 0.18 }));
  let bars = d`M${x} ${y}h${w}v${h}h${-w}Z`;
  for (let i = 1; i < panels; i++) bars += d`M${x + (w * i) / panels} ${y}V${y + h}`;
  s.add(stroke(bars, s.tone('#2f3237'), 5, { 'stroke-linecap': 'butt' }));
}

function grasses(s: Scene, x: number, base: number, h: number): void {
  let data = '';
  for (let i = 0; i < 9; i++) {
    const tip = x + (i - 4) * h * 0.14 + s.rng.range(-10, 10);
    data += d`M${x + (i - 4) * 3} ${base}Q${x + (i - 4) * h * 0.05} ${base - h * 0.5} ${tip} ${base - h * s.rng.range(0.7, 1.1)}`;
  }
  s.add(stroke(data, s.tone('#b9a86a'), 4));
}

/** What rolling farmland is drawn from: the far hills, the middle hills and their fields and trees, in the haze of distance. */
type Farmland = {
  far: { base: number; amplitude: number; color: string };
  middle: { amplitude: number; top: string; bottom: string };
  fields: readonly string[];
  /** How far below the middle hills' crest the fields and the row of trees begin. */
  fieldsBelow: number;
  treeGap: [number, number];
  haze: number;
};

/** Rolling farmland to the horizon: far hills, middle hills patched with fields and a row of round trees; their crest line. */
function farmland(s: Scene, look: Farmland): Profile {
  const { rng } = s;
  land(s, waves(rng, look.far.base, look.far.amplitude, 900), look.far.color, look.far.color, 0.55);
  const middle = waves(rng, 790, look.middle.amplitude, 800);
  land(s, middle, look.middle.top, look.middle.bottom, look.haze);
  patchwork(s, (x) => middle(x) + look.fieldsBelow, look.fields, look.haze);
  for (let x = 60; x < W; x += rng.range(...look.treeGap)) roundTree(s, x, middle(x) + look.fieldsBelow, rng.range(60, 90), '#4a7d46', look.haze);
  return middle;
}

/** The farmland of the Countryside scenes (greener, hazier) and of the Barns scenes (golden fields, a lower crest). */
const FARMLAND: Record<'Countryside' | 'Barns', Farmland> = {
  Countryside: { far: { base: 690, amplitude: 40, color: '#8fb7a0' }, middle: { amplitude: 45, top: '#93c16d', bottom: '#78a85c' }, fields: ['#c9cf6b', '#a7c46a', '#d9c27a', '#86b860'], fieldsBelow: 30, treeGap: [120, 240], haze: 0.15 },
  Barns: { far: { base: 700, amplitude: 35, color: '#9fb79a' }, middle: { amplitude: 30, top: '#9cc46d', bottom: '#86b060' }, fields: ['#d9c27a', '#c4cf6a', '#e3b65a', '#8fbf62'], fieldsBelow: 20, treeGap: [150, 260], haze: 0.2 },
};

function drawCountryside(s: Scene): void {
  const { rng } = s;
  const middle = farmland(s, FARMLAND.Countryside);
  for (let i = 0; i < 4; i++) sheep(s, rng.range(100, 1500), middle);

  const houseX = rng.range(650, 900);
  const groundY = 930;
  const near = levelled(waves(rng, 950, 40, 1000), houseX - 40, houseX + 570, groundY);
  land(s, near, '#8fd06b', '#5f9e4a');
  roundTree(s, houseX - 160, near(houseX - 160) + 10, rng.range(260, 320), '#4c8a45');
  cottage(s, houseX, groundY, 1, {
    wall: rng.pick(['#efe4cf', '#e8d2b0', '#f6f1e6']),
    roof: rng.pick(['#b8553d', '#6b5a4e', '#9c6b3c']),
    trim: '#ffffff',
    door: rng.pick(['#5b7f5a', '#3b6e8f', '#8c3b3b']),
    chimney: true,
  });
  const doorX = houseX + 115;
  const lane = d`M${doorX - 24} ${groundY}Q${doorX - 60} 1050 ${doorX - 260} ${H}L${doorX - 90} ${H}Q${doorX + 10} 1050 ${doorX + 24} ${groundY}Z`;
  s.add(path(lane, s.tone('#e3cc97')));
  const gate = { from: doorX - 250, to: doorX - 20 };
  let fence = '';
  for (let x = -10; x < W; x += 46) if (x < gate.from || x > gate.to) fence += d`M${x} ${near(x) + 150}V${near(x) + 96}`;
  for (const dy of [112, 134]) {
    fence += d`M-10 ${near(-10) + dy}L${gate.from} ${near(gate.from) + dy}M${gate.to} ${near(gate.to) + dy}L${W + 10} ${near(W + 10) + dy}`;
  }
  s.add(stroke(fence, s.tone('#f3ead8'), 7));
  for (let i = 0; i < 30; i++) {
    const x = rng.range(0, W);
    s.add(circle(x, near(x) + rng.range(170, 280), rng.range(4, 7), s.tone(rng.pick(['#ffffff', '#ffd23f', '#ff7eb6']))));
  }
}

function sheep(s: Scene, x: number, profile: Profile): void {
  const y = profile(x) + 34;
  s.add(ellipse(x, y, 16, 11, s.tone('#f7f5ef', 0.15)));
  s.add(circle(x + 15, y - 4, 6, s.tone('#3a3433', 0.15)));
}

function drawPools(s: Scene): void {
  const { rng } = s;
  land(s, waves(rng, 700, 50, 900), '#9fb98e', '#8fae83', 0.5);
  for (let x = 40; x < W; x += rng.range(90, 170)) cypress(s, x, 760, rng.range(150, 240), '#3f6b45', 0.25);
  s.add(rect(0, 755, W, H - 755, s.linear([[0, s.tone('#e9dcc6')], [1, s.tone('#d9c6a6')]])));

  const vx = rng.range(300, 520);
  const wall = rng.pick(['#fbf8f2', '#f6efe3', '#f3f0ea']);
  const roof = rng.pick(['#c8643c', '#b85a3a', '#d7774a']);
  shadow(s, vx + 420, 790, 520, 20);
  s.add(rect(vx, 520, 860, 270, s.tone(wall)));
  s.add(rect(vx + 860, 560, 160, 230, s.tone(darken(wall, 0.14))));
  s.add(rect(vx + 120, 380, 520, 150, s.tone(wall)));
  s.add(polygon([vx + 90, 392, vx + 180, 330, vx + 580, 330, vx + 670, 392], s.tone(roof)));
  s.add(polygon([vx - 30, 535, vx + 40, 478, vx + 820, 478, vx + 890, 535], s.tone(darken(roof, 0.08))));
  s.add(polygon([vx + 850, 572, vx + 890, 530, vx + 990, 530, vx + 1045, 572], s.tone(darken(roof, 0.2))));
  for (let i = 0; i < 4; i++) pane(s, vx + 170 + i * 120, 410, 60, 90, { frame: '#ffffff', arch: true, bars: 'vertical' });
  for (let i = 0; i < 5; i++) pane(s, vx + 60 + i * 160, 600, 90, 170, { frame: '#ffffff', arch: true, bars: 'vertical' });
  s.add(rect(vx + 40, 780, 900, 10, s.tone('#cfbfa5')));

  const top = 860;
  const bottom = 1160;
  s.add(polygon([240, top - 18, 1360, top - 18, 1560, bottom + 18, 40, bottom + 18], s.tone('#f4ede1')));
  s.add(polygon([260, top, 1340, top, 1530, bottom, 70, bottom], s.linear([[0, s.tone('#6fe0e6')], [0.5, s.tone('#27b7d4')], [1, s.tone('#1690b8')]])));
  for (let i = 0; i < 14; i++) {
    const t = rng.next();
    const y = top + 20 + t * (bottom - top - 40);
    const x = 300 - t * 180 + rng.range(0, 1000 + t * 300);
    const w = 60 + t * 90;
    s.add(stroke(d`M${x} ${y}q${w / 4} ${-8} ${w / 2} 0t${w / 2} 0`, '#ffffff', 3 + t * 2, { opacity: 0.45 }));
  }
  if (s.lit) glow(s, 800, 1000, 700, 160, '#7ff3ff', 0.6);
  s.add(stroke(d`M1180 ${top - 40}v-8q0-24 24-24q24 0 24 24v60M1240 ${top - 40}v-8q0-24 24-24q24 0 24 24v60`, s.tone('#dfe6ea'), 6));
  lounger(s, rng.range(260, 420), 830);
  lounger(s, rng.range(560, 700), 830);
  parasol(s, rng.range(1350, 1480), 850, rng.pick(['#ffffff', '#2a9d8f', '#e76f51']));
}

function lounger(s: Scene, x: number, y: number): void {
  s.add(stroke(d`M${x} ${y}H${x + 150}L${x + 190} ${y - 44}`, s.tone('#fdfbf6'), 14));
  s.add(stroke(d`M${x + 8} ${y + 6}V${y + 20}M${x + 140} ${y + 6}V${y + 20}`, s.tone('#9a9a9a'), 4));
}

function drawIslands(s: Scene, sun: Sun): void {
  const { rng } = s;
  const horizon = 620;
  water(s, horizon, H, '#2bb3c9', '#1b5f9e');
  glitter(s, sun, horizon, 800);
  ripples(s, horizon, H, 70);
  if (rng.chance(0.7)) sailboat(s, rng.range(150, 500), horizon + 12, 0.45);

  const cx = rng.range(620, 900);
  const cy = 800;
  s.add(ellipse(cx, cy + 10, 620, 90, s.radial([[0, '#8ff0e0', 0.9], [0.7, '#5fd8d0', 0.6], [1, '#5fd8d0', 0]])));
  s.add(path(d`M${cx - 430} ${cy + 20}Q${cx - 200} ${cy - 70} ${cx} ${cy - 72}Q${cx + 220} ${cy - 70} ${cx + 420} ${cy + 20}Z`, s.tone('#f3dca6')));
  const jungle = d`M${cx - 330} ${cy - 10}Q${cx - 260} ${cy - 170} ${cx - 60} ${cy - 180}Q${cx + 150} ${cy - 190} ${cx + 300} ${cy - 8}Z`;
  s.add(path(jungle, s.linear([[0, s.tone('#48a860')], [1, s.tone('#2d7d4a')]])));
  hut(s, cx - 40, cy - 20, 0.9);
  palm(s, cx - 250, cy - 5, 330, -0.2);
  palm(s, cx + 230, cy - 5, 300, 0.22, '#3aa866');
  palm(s, cx + 120, cy - 60, 260, 0.1, '#268a50');

  const pierY = cy + 120;
  const pierStart = cx + 330;
  s.add(rect(cx + 150, pierY - 6, 900, 12, s.tone('#8a6a4a')));
  for (let i = 0; i < 3; i++) {
    const hx = pierStart + i * 190;
    if (hx > W + 60) break;
    let stilts = '';
    for (let sx = hx - 60; sx <= hx + 60; sx += 40) stilts += d`M${sx} ${pierY - 20}V${pierY + 40}`;
    s.add(stroke(stilts, s.tone('#5a432e'), 6));
    hut(s, hx, pierY - 12, 0.65);
  }
  for (let x = cx + 150; x < W; x += 40) s.add(stroke(d`M${x} ${pierY}V${pierY + 34}`, s.tone('#5a432e'), 5));
  birds(s, rng.range(200, 1200), rng.range(200, 350), rng.int(3, 5));
}

/** A thatched bungalow: the island and over-water stays. */
function hut(s: Scene, x: number, ground: number, k: number): void {
  const wall = s.tone('#c99a6b');
  s.add(rect(x - 80 * k, ground - 90 * k, 160 * k, 90 * k, wall));
  for (let y = ground - 80 * k; y < ground; y += 14 * k) s.add(stroke(d`M${x - 80 * k} ${y}h${160 * k}`, s.tone('#a97c52'), 2 * k));
  door(s, x - 20 * k, ground - 64 * k, 40 * k, 64 * k, '#7a4f2e');
  pane(s, x + 34 * k, ground - 70 * k, 32 * k, 30 * k, { frame: '#7a4f2e' });
  pane(s, x - 66 * k, ground - 70 * k, 32 * k, 30 * k, { frame: '#7a4f2e' });
  const thatch = d`M${x - 120 * k} ${ground - 80 * k}L${x} ${ground - 190 * k}L${x + 120 * k} ${ground - 80 * k}` +
    d`Q${x} ${ground - 70 * k} ${x - 120 * k} ${ground - 80 * k}Z`;
  s.add(path(thatch, s.linear([[0, s.tone('#e6c27a')], [1, s.tone('#b98d4a')]])));
  let fringe = '';
  for (let fx = x - 112 * k; fx < x + 112 * k; fx += 12 * k) fringe += d`M${fx} ${ground - 82 * k}l${3 * k} ${14 * k}`;
  s.add(stroke(fringe, s.tone('#a67a3c'), 3 * k));
}

function drawLake(s: Scene, sun: Sun): void {
  const { rng } = s;
  const shore = 720;
  const snowy = rng.chance(0.6);
  const background = s.capture(() => {
    const peaks = rng.int(2, 3);
    for (let i = 0; i < peaks; i++) {
      mountain(s, (W / peaks) * (i + rng.range(0.3, 0.7)), shore + 10, rng.range(380, 520), rng.range(300, 420), '#6d7fa3', snowy ? '#f3f6fa' : null, 0.3);
    }
    const hills = waves(rng, shore - 30, 18, 600);
    land(s, hills, '#4f7a5a', '#3f6a4c', 0.3);
    forest(s, (x) => hills(x) + 10, 40, 90, 24, '#2f5a40', 0.2);
    forest(s, () => shore + 4, 30, 70, 20, '#264c36', 0.05);
  });
  s.add(background);
  water(s, shore, H, '#1f4f6e', s.light.sky[2]);
  // The reflection is the background flipped about the shoreline, faded, and kept in the lake.
  const lake = s.clip(rect(0, shore, W, H - shore, '#000000'));
  s.add(group(group(background, { transform: `matrix(1 0 0 -1 0 ${shore * 2})` }), { 'clip-path': lake, opacity: 0.45 }));
  glitter(s, sun, shore, 1000);
  ripples(s, shore + 4, H, 50, '#ffffff', 0.25);

  // The near bank sweeps in from the bottom corner, so the dock can run out from it into the water.
  const houseX = rng.range(1000, 1080);
  const bank = levelled((x) => {
    const t = Math.min(1, Math.max(0, (x - 250) / 750));
    return H + 30 - (H + 30 - 930) * t * t * (3 - 2 * t) + 6 * Math.sin(x / 80);
  }, houseX - 20, houseX + 520, 905, 80);
  const wood = s.tone('#9a7350');
  s.add(rect(440, 992, 440, 20, wood));
  s.add(rect(440, 1012, 440, 6, s.tone(darken('#9a7350', 0.3))));
  let posts = '';
  for (let x = 452; x < 880; x += 70) posts += d`M${x} ${1016}V${1050}`;
  s.add(stroke(posts, s.tone('#5e4330'), 8));
  s.add(path(d`M330 ${1062}Q420 ${1100} 520 ${1062}L505 ${1046}H345Z`, s.tone(rng.pick(['#d9502f', '#e0a030', '#2f7fa6']))));
  land(s, bank, '#6fae5a', '#3f7a3a');
  for (let x = 1330; x < W + 40; x += 90) pine(s, x + rng.range(-20, 20), bank(x) + 10, rng.range(300, 420), '#2f6b45');
  cottage(s, houseX, 905, 0.85, {
    wall: rng.pick(['#8a5a3b', '#6e4a33', '#a06b44']),
    roof: rng.pick(['#3b3f46', '#4f3a2e', '#2e4a3a']),
    trim: '#efe3cf',
    door: '#3b2a20',
    logs: true,
    chimney: true,
  });
  bush(s, houseX - 60, bank(houseX - 60) + 20, 50, '#4f8a45');
  let reeds = '';
  for (let x = 20; x < 300; x += 22) reeds += d`M${x} ${H}q${rng.range(-10, 10)} -60 ${rng.range(-20, 20)} ${-rng.range(60, 150)}`;
  s.add(stroke(reeds, s.tone('#5d7f3c'), 5));
}

function drawSkiing(s: Scene): void {
  const { rng } = s;
  const base = 760;
  const peaks = [
    { x: rng.range(150, 350), h: rng.range(380, 460), w: 460 },
    { x: rng.range(1200, 1450), h: rng.range(360, 440), w: 480 },
    { x: rng.range(650, 900), h: rng.range(470, 540), w: 520 },
  ];
  for (const p of peaks) mountain(s, p.x, base, p.w, p.h, '#6b7890', '#f6f9fc', 0.2, 0.62);
  const slope: Profile = (x) => 760 + x * 0.09 + 14 * Math.sin(x / 200);
  s.add(path(areaBelow(slope), s.linear([[0, s.tone('#f4f8fc')], [1, s.tone('#c9d9ec')]])));
  forest(s, (x) => slope(x) - 6, 40, 80, 30, '#2f5a48', 0.25);

  const liftA = { x: rng.range(80, 240), y: 560 };
  const liftB = { x: 1350, y: 930 };
  let towers = '';
  for (let t = 0.1; t < 1; t += 0.28) {
    const x = liftA.x + (liftB.x - liftA.x) * t;
    const y = liftA.y + (liftB.y - liftA.y) * t;
    towers += d`M${x} ${y}V${y + 90}M${x - 16} ${y}H${x + 16}`;
  }
  s.add(stroke(d`M${liftA.x} ${liftA.y}L${liftB.x} ${liftB.y}` + towers, s.tone('#3d4450'), 4));
  for (let t = 0.05; t < 1; t += 0.09) {
    const x = liftA.x + (liftB.x - liftA.x) * t;
    const y = liftA.y + (liftB.y - liftA.y) * t;
    s.add(stroke(d`M${x} ${y}v22h-10m10 0h6`, s.tone('#c0392b'), 4));
  }

  const near: Profile = (x) => 950 - x * 0.04 + 20 * Math.sin(x / 260 + 1);
  const houseX = rng.range(820, 980);
  const ground = levelled(near, houseX - 30, houseX + 560, 990, 100);
  s.add(path(areaBelow(ground), s.linear([[0, s.tone('#ffffff')], [1, s.tone('#d3e0f0')]])));
  let tracks = '';
  for (let i = 0; i < 2; i++) {
    const x = rng.range(150, 550);
    for (const offset of [0, 12]) tracks += d`M${x + offset} ${ground(x) + 10}c80 50 -90 90 -10 140s90 60 30 120`;
  }
  s.add(stroke(tracks, s.tone('#b3c5dd'), 3));
  cottage(s, houseX, 990, 1, {
    wall: rng.pick(['#8a5a3b', '#9c6b45', '#7a4e35']),
    roof: rng.pick(['#4a3328', '#3b3f46']),
    trim: '#f1e6d2',
    door: '#4a2f22',
    logs: true,
    snow: true,
    chimney: true,
    balcony: true,
  });
  pine(s, houseX - 130, ground(houseX - 130) + 20, 300, '#2f6b4f', true);
  pine(s, rng.range(30, 140), H + 40, 560, '#2b6046', true);
  pine(s, houseX + 650, ground(houseX + 650) + 30, 360, '#2f6b4f', true);
}

function drawCastles(s: Scene): void {
  const { rng } = s;
  land(s, waves(rng, 720, 40, 900), '#8fae9b', '#8fae9b', 0.55);
  const cx = rng.range(650, 950);
  const hillTop = 640;
  const ridge = levelled(hill(waves(rng, 900, 20, 900), cx, 480, 250), cx - 280, cx + 280, hillTop, 140);
  land(s, ridge, '#7fb05f', '#5b8f4a', 0.05);
  for (let x = 40; x < W; x += rng.range(60, 110)) if (Math.abs(x - cx) > 340) roundTree(s, x, ridge(x) + 20, rng.range(70, 110), '#44784a', 0.05);

  const stone = rng.pick(['#cfc6b4', '#bdb6aa', '#d8cbb0']);
  const roof = rng.pick(['#3f5b8c', '#a33b3b', '#4a6670']);
  const light = s.tone(stone);
  const dark = s.tone(darken(stone, 0.22));
  const wallTop = hillTop - 140;
  s.add(rect(cx - 250, wallTop, 500, 150, light));
  crenels(s, cx - 250, wallTop, 500, 24, light);
  s.add(rect(cx - 120, wallTop - 190, 240, 200, dark));
  crenels(s, cx - 120, wallTop - 190, 240, 24, dark);
  for (const tx of [cx - 280, cx + 220]) tower(s, tx, hillTop + 10, 60, 300, stone, roof);
  tower(s, cx - 30, wallTop - 170, 60, 160, stone, roof);
  door(s, cx - 40, hillTop - 90, 80, 100, '#5a3a24', true);
  for (const wx of [cx - 180, cx - 120, cx + 100, cx + 160]) pane(s, wx, wallTop + 40, 22, 44, { arch: true, bars: 'none', frame: stone });
  for (const wx of [cx - 80, cx + 50]) pane(s, wx, wallTop - 120, 28, 56, { arch: true, bars: 'none', frame: stone });

  const road = d`M${cx} ${hillTop + 10}C${cx + 220} ${hillTop + 120} ${cx - 260} ${hillTop + 220} ${cx - 60} ${H}`;
  s.add(stroke(road, s.tone('#dcc79a'), 30, { 'stroke-linecap': 'butt' }));
  const near = waves(rng, 1080, 25, 700);
  land(s, near, '#8cca62', '#5f9e45');
  for (let i = 0; i < 40; i++) {
    const x = rng.range(0, W);
    s.add(circle(x, near(x) + rng.range(20, 140), rng.range(4, 7), s.tone(rng.pick(['#ffffff', '#ffd23f', '#e85d75']))));
  }
  roundTree(s, rng.range(60, 260), near(150) + 40, 380, '#3f7a43');
}

function crenels(s: Scene, x: number, y: number, w: number, size: number, color: string): void {
  let data = '';
  for (let cx = x; cx + size <= x + w + 1; cx += size * 2) data += d`M${cx} ${y}v${-size}h${size}v${size}Z`;
  s.add(path(data, color));
}

/** A round tower: a horizontal gradient sells the curve, a cone roof and pennant finish it. */
function tower(s: Scene, x: number, base: number, w: number, h: number, stone: string, roof: string): void {
  const top = base - h;
  s.add(rect(x, top, w, h, s.linear([[0, s.tone(lighten(stone, 0.15))], [0.5, s.tone(stone)], [1, s.tone(darken(stone, 0.3))]], [0, 0, 1, 0])));
  const cone = s.linear([[0, s.tone(lighten(roof, 0.15))], [1, s.tone(darken(roof, 0.35))]], [0, 0, 1, 0]);
  s.add(polygon([x - 10, top, x + w / 2, top - w * 1.6, x + w + 10, top], cone));
  s.add(stroke(d`M${x + w / 2} ${top - w * 1.6}v-40`, s.tone('#3a3a3a'), 3));
  s.add(polygon([x + w / 2, top - w * 1.6 - 40, x + w / 2 + 34, top - w * 1.6 - 32, x + w / 2, top - w * 1.6 - 24], s.tone('#e63946')));
  pane(s, x + w / 2 - 9, top + h * 0.25, 18, 34, { arch: true, bars: 'none', frame: stone });
}

function drawCaves(s: Scene): void {
  const { rng } = s;
  const ground = 960;
  land(s, waves(rng, 720, 30, 700), '#8fa79a', '#8fa79a', 0.55);
  const rock = rng.pick([
    ['#c48f66', '#7d5138'],
    ['#a19a92', '#5d5853'],
    ['#cdb08a', '#8c6b4c'],
  ] as const);
  const cliff = waves(rng, 300, 45, 520);
  const crack = s.tone(darken(rock[1], 0.25));

  // Grass and trees on top say "hillside", so the rock reads as a cave rather than a desert mesa.
  land(s, (x) => cliff(x) - 14, '#6da354', '#6da354');
  for (let x = rng.range(0, 120); x < W; x += rng.range(160, 300)) {
    if (rng.chance(0.5)) pine(s, x, cliff(x), rng.range(120, 190), '#2f6b45');
    else roundTree(s, x, cliff(x), rng.range(110, 170), '#4a8a45');
  }
  s.add(path(areaBelow((x) => cliff(x) + 10), s.linear([[0, s.tone(rock[0])], [1, s.tone(rock[1])]])));
  s.add(stroke(profileLine((x) => cliff(x) + 8), s.tone('#5d9448'), 14));

  for (let i = 0; i < 4; i++) {
    const ledge = waves(rng, 430 + i * 130, 16, 420);
    s.add(stroke(profileLine(ledge), s.tone(lighten(rock[0], 0.15)), 5, { opacity: 0.4 }));
    s.add(stroke(profileLine((x) => ledge(x) + 7), crack, 4, { opacity: 0.35 }));
  }
  let cracks = '';
  for (let i = 0; i < 9; i++) {
    let x = rng.range(0, W);
    let y = cliff(x) + rng.range(40, 300);
    cracks += d`M${x} ${y}`;
    for (let j = 0; j < 4; j++) {
      x += rng.range(-25, 25);
      y += rng.range(30, 70);
      cracks += d`L${x} ${y}`;
    }
  }
  s.add(stroke(cracks, crack, 4, { opacity: 0.45 }));
  let ivy = '';
  for (let i = 0; i < 14; i++) {
    const x = rng.range(0, W);
    const len = rng.range(40, 170);
    ivy += d`M${x} ${cliff(x) + 10}q${rng.range(-12, 12)} ${len / 2} ${rng.range(-6, 6)} ${len}`;
  }
  s.add(stroke(ivy, s.tone('#4d8a3f'), 6));

  const cx = rng.range(650, 950);
  const w = rng.range(560, 640);
  const h = rng.range(440, 500);
  const rim: number[] = [];
  for (let i = 0; i <= 24; i++) {
    const a = Math.PI - (i / 24) * Math.PI;
    const wobble = i === 0 || i === 24 ? 0 : rng.range(-14, 14);
    rim.push(cx + Math.cos(a) * (w / 2 + wobble), ground - Math.sin(a) ** 0.8 * (h + wobble));
  }
  // A dark lip around the mouth gives the opening depth without any blur.
  s.add(polygon(rim.map((v, i) => (i % 2 === 1 ? v - 18 : v * 1.02 - cx * 0.02)), s.tone(darken(rock[1], 0.4))));
  s.add(polygon(rim, s.radial([[0, '#ffe29a'], [0.35, '#f0a050'], [0.75, '#7a3b1e'], [1, '#2e160d']], 0.5, 0.85)));

  const fw = w * 0.62;
  s.add(rect(cx - fw / 2, ground - 240, fw, 240, '#f1dcb5'));
  s.add(rect(cx - fw / 2, ground - 252, fw, 14, '#c99a62'));
  door(s, cx - 40, ground - 150, 80, 150, '#6b3f22', true);
  pane(s, cx - fw / 2 + 30, ground - 190, 60, 80, { arch: true, frame: '#c99a62' });
  pane(s, cx + fw / 2 - 90, ground - 190, 60, 80, { arch: true, frame: '#c99a62' });
  for (let i = 2; i < 23; i += 2) {
    const x = rim[i * 2] ?? cx;
    const y = rim[i * 2 + 1] ?? ground;
    if (y > ground - 150) continue;
    const len = rng.range(40, 90);
    s.add(polygon([x - 16, y - 6, x + 16, y - 6, x + (cx - x) * 0.06, y + len], s.tone(darken(rock[1], 0.35))));
  }
  for (const lx of [cx - w / 2 - 40, cx + w / 2 + 40]) lantern(s, lx, ground);

  s.add(rect(0, ground, W, H - ground, s.linear([[0, s.tone(darken(rock[0], 0.05))], [1, s.tone(darken(rock[1], 0.2))]])));
  glow(s, cx, ground + 30, w * 0.7, 90, WARM, 1.4);
  s.add(polygon([cx - 70, ground, cx + 70, ground, cx + 260, H, cx - 260, H], s.tone(lighten(rock[0], 0.25))));
  for (let i = 0; i < 5; i++) {
    const x = rng.range(0, W);
    if (Math.abs(x - cx) > 300) s.add(ellipse(x, rng.range(1020, 1160), rng.range(40, 90), rng.range(20, 40), s.tone(darken(rock[0], 0.15))));
  }
  for (let x = rng.range(20, 80); x < W; x += rng.range(160, 260)) if (Math.abs(x - cx) > 330) bush(s, x, H - rng.range(10, 140), rng.range(40, 70), '#4e8a3f');
}

/** A teardrop of fire standing on (x, y); `k` scales it. Never toned: fire makes its own light. */
function flame(x: number, y: number, k: number, color: string): string {
  const top = y - 150 * k;
  return path(
    d`M${x} ${top}C${x + 30 * k} ${y - 90 * k} ${x + 60 * k} ${y - 60 * k} ${x + 40 * k} ${y - 20 * k}Q${x} ${y} ${x - 40 * k} ${y - 20 * k}` +
      d`C${x - 60 * k} ${y - 60 * k} ${x - 20 * k} ${y - 90 * k} ${x} ${top}Z`,
    color,
  );
}

function lantern(s: Scene, x: number, ground: number): void {
  s.add(stroke(d`M${x} ${ground}V${ground - 150}`, s.tone('#2b2b2b'), 6));
  glow(s, x, ground - 160, 110, 110, WARM, 1.3);
  s.add(rect(x - 14, ground - 180, 28, 36, '#ffd98a', { stroke: '#2b2b2b', 'stroke-width': 4, rx: 4 }));
}

function drawCamping(s: Scene): void {
  const { rng } = s;
  mountain(s, rng.range(200, 600), 760, 520, 330, '#6f7f95', rng.chance(0.5) ? '#eef2f7' : null, 0.45);
  mountain(s, rng.range(1000, 1400), 760, 560, 280, '#6f7f95', null, 0.5);
  const far = waves(rng, 770, 15, 600);
  forest(s, far, 60, 130, 26, '#3a6a50', 0.35);
  const mid = waves(rng, 840, 12, 500);
  forest(s, mid, 90, 170, 34, '#2d5a42', 0.15);
  const clearing = waves(rng, 880, 10, 900);
  land(s, clearing, '#6da055', '#46773a');

  pine(s, rng.range(20, 120), 1140, 640, '#2e6146');
  pine(s, rng.range(1480, 1580), 1100, 560, '#2e6146');
  pine(s, rng.range(1300, 1380), 940, 380, '#336b4c');

  const tx = rng.range(700, 900);
  const g = 990;
  const canvas = rng.pick(['#f28c28', '#e9c46a', '#2a9d8f', '#e76f51']);
  shadow(s, tx + 150, g, 330, 20);
  s.add(polygon([tx, g - 280, tx + 320, g - 260, tx + 460, g - 10, tx + 170, g], s.tone(darken(canvas, 0.25))));
  s.add(polygon([tx - 170, g, tx, g - 280, tx + 170, g], s.tone(canvas)));
  const inside = s.lit ? s.linear([[0, '#ffe6a0'], [1, '#ff9f40']]) : s.tone('#3b2a20');
  if (s.lit) glow(s, tx, g - 60, 260, 120);
  s.add(polygon([tx - 80, g, tx, g - 200, tx + 80, g], inside));
  s.add(polygon([tx, g - 200, tx - 80, g, tx - 120, g], s.tone(lighten(canvas, 0.2))));
  s.add(stroke(d`M${tx} ${g - 280}L${tx - 60} ${g - 320}M${tx + 170} ${g}L${tx + 230} ${g + 20}M${tx - 170} ${g}L${tx - 230} ${g + 20}`, s.tone('#e6ddc8'), 3));

  const fx = tx - rng.range(330, 420);
  const fy = 1080;
  glow(s, fx, fy - 40, 320, 200, '#ff9a3c', 1.6);
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    s.add(ellipse(fx + Math.cos(a) * 70, fy + Math.sin(a) * 18, 20, 13, s.tone('#8d8f95')));
  }
  s.add(stroke(d`M${fx - 60} ${fy + 4}L${fx + 50} ${fy - 24}M${fx - 50} ${fy - 24}L${fx + 60} ${fy + 4}`, s.tone('#6b4226'), 16));
  s.add(flame(fx, fy, 1, '#ff7b1c'), flame(fx, fy - 8, 0.62, '#ffd23f'));
  s.add(rect(fx + 120, fy + 10, 170, 40, s.tone('#7a5034'), { rx: 18 }));

  if (s.lit) {
    const a = { x: 140, y: 640 };
    const b = { x: 1340, y: 700 };
    const sag = { x: (a.x + b.x) / 2, y: a.y + 160 };
    s.add(stroke(d`M${a.x} ${a.y}Q${sag.x} ${sag.y} ${b.x} ${b.y}`, '#2b2b2b', 2));
    for (let t = 0.04; t < 1; t += 0.045) {
      const { x, y } = quadAt(a, sag, b, t);
      s.add(circle(x, y + 8, 16, s.radial([[0, WARM, 0.8], [1, WARM, 0]])), circle(x, y + 8, 5, '#fff0b8'));
    }
  }
}

function drawArctic(s: Scene): void {
  const { rng, light } = s;
  if (light.time === 'night' || light.time === 'dusk') aurora(s);
  for (let i = 0; i < 3; i++) mountain(s, rng.range(100, 1500), 720, rng.range(300, 500), rng.range(120, 220), '#c8d6e8', '#ffffff', 0.35, 0.5);
  s.add(rect(0, 700, W, 60, s.tone('#1d3f63')));
  for (let i = 0; i < 4; i++) {
    const x = rng.range(0, W);
    const w = rng.range(50, 120);
    s.add(polygon([x - w, 745, x - w * 0.4, 745 - w * 0.9, x + w * 0.1, 745 - w * 0.7, x + w, 745], s.tone('#f1f7fc')));
    s.add(polygon([x + w * 0.1, 745 - w * 0.7, x + w, 745, x + w * 0.2, 745], s.tone('#a9c3e0')));
  }
  const ice = waves(rng, 760, 6, 600);
  s.add(path(areaBelow(ice), s.linear([[0, s.tone('#e9f2fb')], [1, s.tone('#c6d8ee')]])));
  // Drifts with a blue lee side are what make a white plain read as snow.
  for (let i = 0; i < 5; i++) {
    const x = rng.range(-100, W);
    const y = rng.range(830, 1000);
    const w = rng.range(200, 400);
    s.add(path(d`M${x - w} ${y}Q${x - w * 0.3} ${y - 30} ${x} ${y - 26}Q${x + w * 0.5} ${y - 20} ${x + w} ${y}Z`, s.tone('#f6faff')));
    s.add(path(d`M${x - w} ${y}Q${x} ${y - 8} ${x + w} ${y}Q${x} ${y + 10} ${x - w} ${y}Z`, s.tone('#a9c1de'), { opacity: 0.7 }));
  }

  const cabinX = rng.range(880, 1040);
  cottage(s, cabinX, 900, 0.8, { wall: rng.pick(['#b03a2e', '#a8322a', '#2f5d8a']), roof: '#2f3237', trim: '#ffffff', door: '#3b2a20', snow: true, chimney: true });
  const drift = waves(rng, 1130, 20, 500);
  s.add(path(areaBelow(drift), s.linear([[0, s.tone('#ffffff')], [1, s.tone('#d7e4f3')]])));
  igloo(s, rng.range(330, 520), 1070, rng.range(220, 250));
}

/** Northern lights: curtains bright at the lower edge and fading upward, streaked by rays. */
function aurora(s: Scene): void {
  const { rng } = s;
  const colors = ['#6bffb8', '#45e6d2', '#8cff9a'];
  for (let i = 0; i < 2; i++) {
    const edge = waves(rng, 250 + i * 110, 60, rng.range(800, 1300));
    const height = rng.range(180, 260);
    const color = colors[i] ?? '#6bffb8';
    let data = profileLine(edge, 20);
    for (let x = W + 20; x >= -20; x -= 20) data += `L${fmt(x)} ${fmt(edge(x) - height - 40 * Math.sin(x / 170 + i))}`;
    const strength = i === 0 ? 1 : 0.6;
    s.add(path(`${data}Z`, s.linear([[0, '#c27dff', 0], [0.45, color, 0.18 * strength], [0.9, color, 0.55 * strength], [1, lighten(color, 0.4), 0.75 * strength]])));
    let rays = '';
    for (let x = rng.range(0, 30); x < W; x += rng.range(18, 40)) {
      const bottom = edge(x);
      rays += d`M${x} ${bottom}V${bottom - height * rng.range(0.4, 1)}`;
    }
    s.add(stroke(rays, lighten(color, 0.3), 5, { opacity: fmt(0.16 * strength), 'stroke-linecap': 'butt' }));
  }
}

function igloo(s: Scene, x: number, ground: number, r: number): void {
  const rh = r * 0.85;
  shadow(s, x, ground, r * 1.15, r * 0.1);
  const snow = s.linear([[0, s.tone('#ffffff')], [0.5, s.tone('#e3edf8')], [1, s.tone('#9fb8d8')]], [0, 0, 1, 1]);
  s.add(path(d`M${x - r} ${ground}A${r} ${rh} 0 0 1 ${x + r} ${ground}Z`, snow, { stroke: s.tone('#8ea7c7'), 'stroke-width': 4 }));
  let blocks = '';
  for (let i = 1; i < 5; i++) {
    const y = ground - (rh * i) / 5;
    const half = r * Math.sqrt(1 - (i / 5) ** 2);
    blocks += d`M${x - half} ${y}H${x + half}`;
    const count = 6 - i;
    for (let j = 0; j <= count; j++) {
      const bx = x - half + ((j + (i % 2) * 0.5) * (half * 2)) / (count + 0.5);
      if (bx < x + half - 5) blocks += d`M${bx} ${y}V${y + rh / 5}`;
    }
  }
  s.add(stroke(blocks, s.tone('#8ea7c7'), 4));
  const ex = x + r * 0.35;
  const er = r * 0.42;
  s.add(path(d`M${ex - er} ${ground}V${ground - er * 0.6}A${er} ${er * 0.8} 0 0 1 ${ex + er} ${ground - er * 0.6}V${ground}Z`, s.tone('#eef4fb')));
  if (s.lit) glow(s, ex, ground - er * 0.3, er * 2.2, er * 1.2);
  const opening = d`M${ex - er * 0.55} ${ground}V${ground - er * 0.5}A${er * 0.55} ${er * 0.5} 0 0 1 ${ex + er * 0.55} ${ground - er * 0.5}V${ground}Z`;
  s.add(path(opening, s.lit ? s.linear([[0, '#ffe6a0'], [1, '#ff9f40']]) : s.tone('#3a4d66')));
}

function drawDesert(s: Scene): void {
  const { rng } = s;
  // The mesa stands clear of the house so the two never merge into one building.
  const mx = rng.chance(0.5) ? rng.range(120, 330) : rng.range(1300, 1500);
  const mw = rng.range(320, 460);
  const top = rng.range(520, 580);
  s.add(polygon([mx - mw / 2 - 120, 780, mx - mw / 2, top, mx + mw / 2, top, mx + mw / 2 + 100, 780], s.tone('#c0603b', 0.3)));
  s.add(polygon([mx - mw / 2 + 10, top + 36, mx + mw / 2 + 8, top + 36, mx + mw / 2 + 12, top + 50, mx - mw / 2 + 6, top + 50], s.tone('#a24e31', 0.3)));
  s.add(polygon([mx + mw / 2, top, mx + mw / 2 + 100, 780, mx + mw / 2 - 40, 780], s.tone('#8f432b', 0.3)));
  const sands = ['#f0c27f', '#e8ab64', '#df9852'];
  const shade = ['#d79e5f', '#c98548', '#b9733b'];
  for (let layer = 0; layer < 3; layer++) {
    const base = 780 + layer * 70;
    for (let i = 0; i < 3; i++) {
      const cx = rng.range(-100, W + 100);
      dune(s, cx, base + 60, rng.range(380, 620), rng.range(70, 140), sands[layer] ?? '#f0c27f', shade[layer] ?? '#d79e5f', 0.4 - layer * 0.15);
    }
    land(s, () => base + 40, sands[layer] ?? '#f0c27f', sands[layer] ?? '#f0c27f', 0.4 - layer * 0.15);
  }
  s.add(rect(0, 960, W, H - 960, s.linear([[0, s.tone('#e7b070')], [1, s.tone('#d49055')]])));

  const hx = rng.range(520, 680);
  const g = 1000;
  const wall = rng.pick(['#d9a27a', '#e0b48a', '#c98b68']);
  adobe(s, hx, g, wall, rng.pick(['#2a9d8f', '#3a6ea5', '#6a4c93']));
  saguaro(s, rng.range(150, 380), 1080, rng.range(280, 360));
  saguaro(s, rng.range(1300, 1500), 1020, rng.range(220, 280));
  for (let i = 0; i < 6; i++) bush(s, rng.range(0, W), rng.range(1040, 1180), rng.range(18, 34), '#8a9a55');
  for (let i = 0; i < 4; i++) s.add(ellipse(rng.range(0, W), rng.range(1060, 1180), rng.range(20, 40), rng.range(10, 18), s.tone('#9b7b63')));
}

/** A dune with a sharp crest: lit windward slope, shaded lee slope. */
function dune(s: Scene, cx: number, base: number, w: number, h: number, lit: string, shade: string, haze: number): void {
  const crest = { x: cx, y: base - h };
  // Both slopes share the curve running down from the crest, so they meet without a seam.
  const crestLine = d`Q${cx + w * 0.2} ${base - h * 0.5} ${cx + w * 0.45} ${base}`;
  const crestBack = d`Q${cx + w * 0.2} ${base - h * 0.5} ${crest.x} ${crest.y}`;
  s.add(path(d`M${cx - w} ${base}Q${cx - w * 0.35} ${crest.y + h * 0.05} ${crest.x} ${crest.y}` + crestLine + 'Z', s.tone(lit, haze)));
  s.add(path(d`M${crest.x} ${crest.y}Q${cx + w * 0.5} ${crest.y + h * 0.1} ${cx + w} ${base}L${cx + w * 0.45} ${base}` + crestBack + 'Z', s.tone(shade, haze)));
}

function adobe(s: Scene, x: number, g: number, wall: string, accent: string): void {
  const front = s.tone(wall);
  const side = s.tone(darken(wall, 0.18));
  shadow(s, x + 300, g + 4, 380, 18);
  s.add(rect(x + 60, g - 330, 260, 160, front, { rx: 12 }));
  s.add(rect(x + 320, g - 320, 50, 150, side));
  s.add(rect(x, g - 200, 480, 200, front, { rx: 14 }));
  s.add(polygon([x + 480, g - 190, x + 600, g - 215, x + 600, g - 15, x + 480, g], side));
  let vigas = '';
  for (let vx = x + 40; vx < x + 470; vx += 60) vigas += d`M${vx} ${g - 168}h12`;
  for (let vx = x + 90; vx < x + 320; vx += 55) vigas += d`M${vx} ${g - 300}h12`;
  s.add(stroke(vigas, s.tone('#5a3b24'), 14));
  door(s, x + 200, g - 140, 80, 140, accent, true);
  pane(s, x + 60, g - 130, 70, 70, { frame: accent });
  pane(s, x + 350, g - 130, 70, 70, { frame: accent });
  pane(s, x + 160, g - 270, 60, 60, { frame: accent });
  // A ladder up to the roof terrace is the detail that says "pueblo".
  let ladder = d`M${x + 290} ${g - 180}L${x + 340} ${g - 400}M${x + 320} ${g - 180}L${x + 370} ${g - 400}`;
  for (let i = 0; i < 6; i++) ladder += d`M${x + 294 + i * 8.5} ${g - 200 - i * 38}h30`;
  s.add(stroke(ladder, s.tone('#7a5236'), 6));
  for (let i = 0; i < 6; i++) s.add(ellipse(x + 300 - 10, g - 120 + i * 12, 6, 9, s.tone('#c0392b')));
  if (s.lit) {
    glow(s, x + 240, g - 60, 300, 120);
  }
}

function drawBarns(s: Scene): void {
  const { rng } = s;
  farmland(s, FARMLAND.Barns);

  rows(s, 900, ['#e9c46a', '#d9a94f'], '#c9953f', 120, { x: rng.range(500, 1100), y: 700 });
  s.add(rect(0, 880, W, 24, s.tone('#7fae55')));

  const bx = rng.range(520, 700);
  const ground = 900;
  barn(s, bx, ground, rng.pick(['#b8352b', '#a3302a', '#c2452f']));
  silo(s, bx - 130, ground, 64, 420);
  roundTree(s, rng.range(1280, 1500), 905, 400, '#3f7a43');
  let fence = '';
  for (let x = -10; x < W + 20; x += 80) fence += d`M${x} ${1010}V${950}`;
  fence += d`M0 ${962}H${W}M0 ${990}H${W}`;
  s.add(stroke(fence, s.tone('#f5efe3'), 8));
  for (let i = 0; i < 3; i++) hayBale(s, rng.range(150, 1400), 1040 + i * 30 + rng.range(-10, 10), 55 + i * 10);
}

/** A gambrel-roofed barn, the red-with-white-trim silhouette people recognise instantly. */
function barn(s: Scene, x: number, ground: number, red: string): void {
  const w = 320;
  const h = 200;
  const top = ground - h;
  const knee = { dx: w * 0.15, dy: 90 };
  const ridgeY = top - 170;
  const side = 360;
  const face = s.tone(red);
  const trim = s.tone('#f7f2e8');
  shadow(s, x + (w + side) / 2, ground + 4, (w + side) * 0.6, 18);
  s.add(rect(x + w, top, side, h, s.tone(darken(red, 0.22))));
  s.add(polygon([x + w / 2, ridgeY, x + w / 2 + side, ridgeY, x + w - knee.dx + side, top - knee.dy, x + w - knee.dx, top - knee.dy], s.tone('#5a5f66')));
  s.add(polygon([x + w - knee.dx, top - knee.dy, x + w - knee.dx + side, top - knee.dy, x + w + side + 16, top + 10, x + w + 16, top + 10], s.tone('#474b52')));
  const profile = [x, ground, x, top, x + knee.dx, top - knee.dy, x + w / 2, ridgeY, x + w - knee.dx, top - knee.dy, x + w, top, x + w, ground];
  s.add(polygon(profile, face));
  s.add(stroke(d`M${x - 10} ${top + 8}L${x + knee.dx} ${top - knee.dy}L${x + w / 2} ${ridgeY}L${x + w - knee.dx} ${top - knee.dy}L${x + w + 10} ${top + 8}`, trim, 10));
  for (let i = 0; i < 3; i++) pane(s, x + w + 50 + i * 110, top + 50, 56, 56, { frame: '#f7f2e8' });
  const dw = 170;
  const dx = x + (w - dw) / 2;
  s.add(rect(dx, ground - 150, dw, 150, s.tone(darken(red, 0.1)), { stroke: trim, 'stroke-width': 8 }));
  const top150 = ground - 150;
  const mid = dx + dw / 2;
  const braces = d`M${dx} ${top150}L${mid} ${ground}M${mid} ${top150}L${dx} ${ground}M${mid} ${top150}L${dx + dw} ${ground}` +
    d`M${dx + dw} ${top150}L${mid} ${ground}M${mid} ${top150}V${ground}`;
  s.add(stroke(braces, trim, 6));
  if (s.lit) {
    glow(s, x + w / 2, top - 40, 120, 90);
    s.add(rect(x + w / 2 - 40, top - 80, 80, 70, s.linear([[0, '#fff2c2'], [1, '#ffb347']]), { stroke: trim, 'stroke-width': 7 }));
  } else {
    s.add(rect(x + w / 2 - 40, top - 80, 80, 70, s.tone(darken(red, 0.1)), { stroke: trim, 'stroke-width': 7 }));
    s.add(stroke(d`M${x + w / 2 - 40} ${top - 80}l80 70m0 -70l-80 70`, trim, 5));
  }
}

function silo(s: Scene, x: number, ground: number, r: number, h: number): void {
  const body = s.linear([[0, s.tone('#e6e2da')], [0.45, s.tone('#c9c4ba')], [1, s.tone('#8f8a82')]], [0, 0, 1, 0]);
  s.add(rect(x - r, ground - h, r * 2, h, body));
  s.add(path(d`M${x - r} ${ground - h}A${r} ${r * 0.9} 0 0 1 ${x + r} ${ground - h}Z`, s.linear([[0, s.tone('#b0b6bd')], [1, s.tone('#6f767e')]], [0, 0, 1, 0])));
  let bands = '';
  for (let y = ground - h + 40; y < ground; y += 60) bands += d`M${x - r} ${y}Q${x} ${y + 10} ${x + r} ${y}`;
  s.add(stroke(bands, s.tone('#8f8a82'), 3));
}

function hayBale(s: Scene, x: number, y: number, r: number): void {
  shadow(s, x + r * 0.6, y + r * 0.95, r * 1.5, r * 0.18);
  s.add(rect(x, y - r, r * 1.4, r * 2, s.linear([[0, s.tone('#e2bd62')], [1, s.tone('#b8913e')]]), { rx: r * 0.3 }));
  s.add(ellipse(x, y, r * 0.5, r, s.tone('#ecd082')));
  s.add(ellipse(x, y, r * 0.32, r * 0.64, 'none', { stroke: s.tone('#c49b45'), 'stroke-width': 3 }));
  s.add(ellipse(x, y, r * 0.14, r * 0.28, 'none', { stroke: s.tone('#c49b45'), 'stroke-width': 3 }));
}

function drawLux(s: Scene): void {
  const { rng } = s;
  const horizon = 720;
  water(s, horizon, 800, '#2f7fb0', '#6faad0');
  ripples(s, horizon, 800, 20, '#ffffff', 0.3);
  land(s, waves(rng, 800, 8, 800), '#6f9a6a', '#4f7a4a');

  const x0 = rng.range(260, 380);
  const ground = 930;
  const lowW = 1000;
  const stone = rng.pick(['#b9a894', '#a89684', '#c8bba6']);
  s.add(rect(0, ground - 20, W, 60, s.tone('#e9e1d2')));
  shadow(s, x0 + lowW / 2, ground, lowW * 0.6, 20);
  s.add(rect(x0, ground - 220, lowW, 220, s.tone('#f7f4ee')));
  s.add(rect(x0 + lowW - 190, ground - 220, 190, 220, s.tone(stone)));
  for (let y = ground - 200; y < ground; y += 26) s.add(stroke(d`M${x0 + lowW - 190} ${y}h190`, s.tone(darken(stone, 0.2)), 2));
  glassWall(s, x0 + 40, ground - 196, lowW - 260, 196, 6);
  s.add(rect(x0 + 140, ground - 420, 760, 200, s.tone('#f7f4ee')));
  glassWall(s, x0 + 170, ground - 400, 540, 170, 5);
  s.add(rect(x0 - 40, ground - 236, lowW + 80, 18, s.tone('#2f3237')));
  s.add(rect(x0 + 100, ground - 440, 840, 22, s.tone('#2f3237')));
  s.add(rect(x0 + 100, ground - 420, 840, 10, s.tone('#9a7050')));
  for (let dx = x0 + 150; dx < x0 + 920; dx += 90) {
    if (s.lit) glow(s, dx, ground - 395, 40, 40, '#fff0c0', 1.2);
    s.add(circle(dx, ground - 412, 3, '#fff8e0'));
  }
  s.add(rect(x0 + 700, ground - 400, 180, 160, s.tone('#d9cdb9')));

  palm(s, x0 - 120, ground + 20, 600, 0.05);
  palm(s, x0 + lowW + 140, ground + 20, 640, -0.08, '#3aa866');
  palm(s, x0 + lowW + 260, ground + 30, 520, 0.12);
  for (const px of [x0 - 120, x0 + lowW + 140, x0 + lowW + 260]) {
    if (s.lit) glow(s, px, ground - 80, 120, 220, WARM, 1);
  }
  s.add(rect(0, ground + 40, W, H - ground - 40, s.linear([[0, s.tone('#6fa65a')], [1, s.tone('#3f7a3a')]])));
  s.add(polygon([x0 + 420, ground + 40, x0 + 600, ground + 40, x0 + 760, H, x0 + 260, H], s.tone('#e9e1d2')));
  for (let i = 0; i < 6; i++) {
    const t = i / 5;
    const y = ground + 70 + t * t * 200;
    for (const side of [-1, 1]) {
      const x = x0 + 510 + side * (110 + t * 170 + 40);
      if (s.lit) glow(s, x, y - 20, 50 + t * 40, 40 + t * 30, WARM, 1.2);
      s.add(rect(x - 4 - t * 3, y - 30 - t * 20, 8 + t * 6, 30 + t * 20, s.tone('#3a3a3a')));
      s.add(rect(x - 4 - t * 3, y - 30 - t * 20, 8 + t * 6, 6 + t * 4, s.lit ? '#fff0c0' : s.tone('#e0e0e0')));
    }
  }
  for (const hx of [x0 - 40, x0 + lowW + 20]) {
    s.add(rect(hx - 40, ground - 40, 80, 60, s.tone('#3a3a3a')));
    s.add(circle(hx, ground - 80, 55, s.tone('#3f7d46')));
  }
}

// ---------------------------------------------------------------------------------------------
// Category table

interface SceneStyle {
  /** Variants cycle through these, so each category gets the times that flatter it most. */
  readonly times: readonly TimeOfDay[];
  readonly horizon: number;
  readonly draw: (s: Scene, sun: Sun) => void;
}

const SCENES: Record<CategoryLabel, SceneStyle> = {
  Beach: { times: ['day', 'golden', 'day', 'dusk', 'night'], horizon: 640, draw: drawBeach },
  Windmills: { times: ['day', 'golden', 'day', 'dusk'], horizon: 790, draw: drawWindmills },
  Modern: { times: ['day', 'dusk', 'golden', 'night', 'day'], horizon: 780, draw: drawModern },
  Countryside: { times: ['day', 'golden', 'day', 'dusk'], horizon: 720, draw: drawCountryside },
  Pools: { times: ['day', 'golden', 'day', 'dusk', 'night'], horizon: 720, draw: drawPools },
  Islands: { times: ['day', 'golden', 'day', 'dusk'], horizon: 620, draw: drawIslands },
  Lake: { times: ['day', 'golden', 'dusk', 'day', 'night'], horizon: 720, draw: drawLake },
  Skiing: { times: ['day', 'golden', 'dusk', 'day', 'night'], horizon: 760, draw: drawSkiing },
  Castles: { times: ['day', 'golden', 'day', 'dusk'], horizon: 740, draw: drawCastles },
  Caves: { times: ['golden', 'dusk', 'day', 'night'], horizon: 740, draw: drawCaves },
  Camping: { times: ['dusk', 'golden', 'night', 'day'], horizon: 760, draw: drawCamping },
  Arctic: { times: ['night', 'dusk', 'golden', 'day'], horizon: 720, draw: drawArctic },
  Desert: { times: ['day', 'golden', 'dusk', 'day'], horizon: 760, draw: drawDesert },
  Barns: { times: ['day', 'golden', 'day', 'dusk'], horizon: 720, draw: drawBarns },
  Lux: { times: ['dusk', 'golden', 'night', 'day'], horizon: 720, draw: drawLux },
};

/**
 * An SVG document, 1600x1200 (4:3), showing a scene for the category; `variant` (any non-negative
 * integer) changes palette, time of day and composition so rooms of one category do not look
 * identical. Deterministic: same inputs, same output.
 */
export function drawSceneSvg(category: CategoryLabel, variant: number): string {
  const style = SCENES[category];
  const rng = new Rng(hashString(`${category}:${variant}`));
  const time = style.times[variant % style.times.length] ?? 'day';
  const scene = new Scene(rng, LIGHTS[time]);
  const sun = drawSky(scene, style.horizon);
  style.draw(scene, sun);
  return scene.toSvg(rng.chance(0.5));
}
