/**
 * Images of the simulated Steam: item icons (360×270) and avatars (184×184), as self-contained SVG
 * (no network, no external fonts, no scripts).
 *
 * An item icon is a stylised silhouette of its Steam type (pistol, rifle, sniper rifle, SMG, shotgun,
 * machine gun, knife, gloves) painted with a finish derived deterministically from the pattern name
 * (colour words in the name steer the palette; camo, stripes, fades, digital… from the name's hash),
 * on a transparent background with a glow and an accent bar in the rarity colour.
 */
import { type WeaponType } from '../../../shared/constants';
import { isVanilla, steamRarityOf, steamTypeOf, type CatalogEntry } from './catalog';
import { createRng, hash53, type Rng } from './demoInventory';

export const ITEM_IMAGE_WIDTH = 360;
export const ITEM_IMAGE_HEIGHT = 270;
export const AVATAR_SIZE = 184;

/** Escape text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// ---------------------------------------------------------------------------------------------
// Colours

interface Hsl {
  h: number;
  s: number;
  l: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const hsl = ({ h, s, l }: Hsl) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(clamp(s, 0, 100))}% ${Math.round(clamp(l, 0, 100))}%)`;

interface Palette {
  base: string;
  second: string;
  accent: string;
  dark: string;
  light: string;
}

/** Colour words in finish names and the hue / saturation / lightness they suggest. */
const COLOUR_HINTS: ReadonlyArray<readonly [RegExp, Hsl]> = [
  [/(red|crimson|blood|ruby|scarlet|cardinal|cherry|hot rod|redline|bloodsport|slaughter|heat|fire|flame|inferno|lava|magma|dragon)/i, { h: 358, s: 78, l: 46 }],
  [/(orange|copper|bronze|rust|sunset|amber|tiger|autumn|ember|cinder|howl)/i, { h: 24, s: 80, l: 50 }],
  [/(gold|golden|yellow|sun|desert|sand|safari|dune|bamboo|lore|honey|banana)/i, { h: 44, s: 72, l: 52 }],
  [/(green|emerald|jade|jungle|forest|moss|toxic|acid|poison|venom|lime|serpent|gator|reptile|swamp)/i, { h: 132, s: 55, l: 40 }],
  [/(teal|aqua|ocean|water|sea|cyan|wave|tide|marine|aquamarine|turquoise)/i, { h: 180, s: 62, l: 42 }],
  [/(blue|sapphire|cobalt|ice|frost|azure|navy|storm|sky|glacier|blizzard|arctic|lapis)/i, { h: 214, s: 72, l: 48 }],
  [/(purple|violet|amethyst|ultraviolet|nebula|orchid|lilac|royal|baroque)/i, { h: 272, s: 60, l: 46 }],
  [/(pink|rose|fade|vice|pandora|neon|flamingo|candy|bubblegum|kimono)/i, { h: 322, s: 72, l: 58 }],
  [/(doppler|gamma)/i, { h: 286, s: 70, l: 38 }],
  [/(black|night|dark|shadow|carbon|obsidian|graphite|onyx|midnight|noir|ink)/i, { h: 220, s: 12, l: 20 }],
  [/(white|snow|pearl|asiimov|silver|steel|urban|chrome|ghost|bone|ivory|whiteout)/i, { h: 210, s: 10, l: 78 }],
];

function paletteFor(pattern: string | null, style: FinishStyle, rng: Rng): Palette {
  if (pattern === null) {
    // Vanilla knives: bare brushed steel.
    return { base: hsl({ h: 212, s: 8, l: 62 }), second: hsl({ h: 212, s: 10, l: 44 }), accent: hsl({ h: 205, s: 20, l: 82 }), dark: hsl({ h: 215, s: 14, l: 18 }), light: hsl({ h: 210, s: 20, l: 90 }) };
  }
  const hint = COLOUR_HINTS.find(([re]) => re.test(pattern))?.[1];
  const base: Hsl = hint
    ? { h: hint.h + rng.between(-8, 8), s: hint.s + rng.between(-8, 8), l: hint.l + rng.between(-5, 5) }
    : { h: rng.between(0, 360), s: rng.between(45, 80), l: rng.between(38, 56) };
  // Fades blend neighbouring hues; the other finishes may contrast.
  const shift = style === 'fade' ? rng.pick([40, -40, 60, -60]) : rng.pick([30, -30, 150, 180, 210, 60]);
  const lowSat = base.s < 25;
  return {
    base: hsl(base),
    second: hsl({ h: base.h + (lowSat ? 0 : shift / 3), s: base.s * 0.9, l: base.l > 60 ? base.l - 28 : base.l + 16 }),
    accent: hsl({ h: base.h + shift, s: lowSat ? rng.between(55, 80) : Math.max(55, base.s), l: rng.between(50, 62) }),
    dark: hsl({ h: base.h, s: Math.min(base.s, 40) * 0.6, l: 14 }),
    light: hsl({ h: base.h, s: base.s * 0.5, l: 86 }),
  };
}

// ---------------------------------------------------------------------------------------------
// Finishes (the paint): an SVG paint server in <defs>, referenced as url(#id)

type FinishStyle = 'camo' | 'stripes' | 'fade' | 'digital' | 'geometric' | 'splatter' | 'waves';
const FINISH_STYLES: readonly FinishStyle[] = ['camo', 'stripes', 'fade', 'digital', 'geometric', 'splatter', 'waves'];

const STYLE_HINTS: ReadonlyArray<readonly [RegExp, FinishStyle]> = [
  [/(camo|ddpat|forest|jungle|safari|mesh|dune|boreal|predator|woodland|army|spray|guerrilla|tiger|leopard|hunter)/i, 'camo'],
  [/(fade|doppler|gamma|gradient|marble|sunset|aurora|ocean)/i, 'fade'],
  [/(digital|pixel|hex|grid|circuit|tech)/i, 'digital'],
  [/(line|stripe|pinstripe|zebra|slash|tread|racing|hyper)/i, 'stripes'],
  [/(wave|water|tide|ripple|fluid|liquid|wind)/i, 'waves'],
  [/(splatter|spatter|paint|graffiti|acid|blood|splash)/i, 'splatter'],
  [/(geometric|triangle|shard|crystal|prism|polygon|origami)/i, 'geometric'],
];

function styleFor(pattern: string | null, rng: Rng): FinishStyle {
  if (pattern === null) return 'fade';
  return STYLE_HINTS.find(([re]) => re.test(pattern))?.[1] ?? rng.pick(FINISH_STYLES);
}

const n = (value: number) => Math.round(value * 10) / 10;

function finishDefs(id: string, style: FinishStyle, p: Palette, rng: Rng): string {
  const shapes: string[] = [];
  switch (style) {
    case 'fade': {
      const angle = rng.pick([0, 20, -20, 35]);
      return (
        `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="40" y1="80" x2="330" y2="200" gradientTransform="rotate(${angle} 180 135)">` +
        `<stop offset="0" stop-color="${p.base}"/><stop offset="0.45" stop-color="${p.second}"/>` +
        `<stop offset="0.75" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.light}"/></linearGradient>`
      );
    }
    case 'camo': {
      const colours = [p.second, p.dark, p.accent, p.second, p.dark];
      for (let i = 0; i < 16; i++) {
        const cx = rng.between(0, 120);
        const cy = rng.between(0, 120);
        const rx = rng.between(10, 24);
        const ry = rng.between(6, 14);
        const fill = colours[i % colours.length]!;
        // Draw each blob and its wrapped copies so the tile repeats seamlessly.
        for (const [dx, dy] of [[0, 0], [-120, 0], [0, -120], [-120, -120]] as const) {
          shapes.push(`<ellipse cx="${n(cx + dx)}" cy="${n(cy + dy)}" rx="${n(rx)}" ry="${n(ry)}" transform="rotate(${Math.round(rng.between(-60, 60))} ${n(cx + dx)} ${n(cy + dy)})" fill="${fill}"/>`);
        }
      }
      return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="120" height="120"><rect width="120" height="120" fill="${p.base}"/>${shapes.join('')}</pattern>`;
    }
    case 'stripes': {
      const width = Math.round(rng.between(8, 16));
      const angle = rng.pick([-35, -20, 25, 45, 90]);
      return (
        `<pattern id="${id}" patternUnits="userSpaceOnUse" width="36" height="36" patternTransform="rotate(${angle})">` +
        `<rect width="36" height="36" fill="${p.base}"/><rect width="${width}" height="36" fill="${p.second}"/>` +
        `<rect x="${width + 4}" width="3" height="36" fill="${p.accent}"/></pattern>`
      );
    }
    case 'digital': {
      const colours = [p.base, p.base, p.base, p.second, p.second, p.dark, p.accent];
      for (let x = 0; x < 48; x += 8) {
        for (let y = 0; y < 48; y += 8) {
          shapes.push(`<rect x="${x}" y="${y}" width="8" height="8" fill="${rng.pick(colours)}"/>`);
        }
      }
      return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="48" height="48">${shapes.join('')}</pattern>`;
    }
    case 'geometric': {
      const colours = [p.base, p.second, p.accent, p.dark, p.second];
      for (let row = 0; row < 2; row++) {
        for (let col = 0; col < 4; col++) {
          const x = col * 20;
          const y = row * 32;
          shapes.push(`<path d="M${x} ${y + 32}L${x + 20} ${y}L${x + 40} ${y + 32}Z" fill="${rng.pick(colours)}"/>`);
          shapes.push(`<path d="M${x - 20} ${y}L${x + 20} ${y}L${x} ${y + 32}Z" fill="${rng.pick(colours)}"/>`);
        }
      }
      return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="80" height="64"><rect width="80" height="64" fill="${p.base}"/>${shapes.join('')}</pattern>`;
    }
    case 'splatter': {
      const colours = [p.accent, p.dark, p.second, p.light];
      for (let i = 0; i < 22; i++) {
        const cx = rng.between(4, 96);
        const cy = rng.between(4, 96);
        shapes.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rng.between(1.5, i < 5 ? 12 : 5))}" fill="${colours[i % colours.length]}"/>`);
      }
      return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="100" height="100"><rect width="100" height="100" fill="${p.base}"/>${shapes.join('')}</pattern>`;
    }
    case 'waves': {
      const amp = n(rng.between(5, 9));
      return (
        `<pattern id="${id}" patternUnits="userSpaceOnUse" width="60" height="30" patternTransform="rotate(${rng.pick([-15, 0, 15])})">` +
        `<rect width="60" height="30" fill="${p.base}"/>` +
        `<path d="M0 15 Q15 ${15 - amp} 30 15 T60 15 V30 H0 Z" fill="${p.second}"/>` +
        `<path d="M0 15 Q15 ${15 - amp} 30 15 T60 15" fill="none" stroke="${p.accent}" stroke-width="2.5"/></pattern>`
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Silhouettes (muzzle to the right), in the 360×270 frame

interface Silhouette {
  /** Painted with the finish. */
  paint: readonly string[];
  /** Bare metal / polymer parts. */
  metal: readonly string[];
  /** Thin detail strokes drawn on top. */
  details: readonly string[];
  /** Optional transform of the whole drawing (e.g. the knife's tilt). */
  transform?: string;
}

const TRIGGER_GUARD = (x: number, y: number) =>
  `M${x} ${y}Q${x + 4} ${y + 20} ${x + 24} ${y + 19}L${x + 24} ${y + 13}Q${x + 10} ${y + 13} ${x + 7} ${y}Z`;

const SILHOUETTES: Record<WeaponType, Silhouette> = {
  Rifle: {
    metal: [
      'M226 104L300 106L300 113L226 112Z',
      'M198 103L222 103L226 110L198 110Z',
      'M292 117L334 117L334 127L292 127Z',
      'M312 118L314 101L320 101L322 118Z',
      'M330 114L348 114L348 130L330 130Z',
      'M184 144L212 142Q218 176 242 204L214 217Q194 186 184 144Z',
      TRIGGER_GUARD(168, 144),
    ],
    paint: [
      'M18 114L104 110L112 118L112 146L102 150L30 178Q19 180 17 171Z',
      'M108 108L228 108L232 115L232 140L108 147Z',
      'M230 113L294 115L294 136L230 140Z',
      'M146 144L170 143L160 193Q158 199 150 199L138 197Q133 195 135 189Z',
    ],
    details: ['M120 118L222 118', 'M240 121L286 122', 'M240 130L286 130', 'M30 132L100 126'],
  },
  'Sniper Rifle': {
    metal: [
      'M262 124L340 126L340 133L262 137Z',
      'M334 122L352 122L352 137L334 137Z',
      'M146 96L158 96L158 117L146 117Z',
      'M198 96L210 96L210 117L198 117Z',
      'M132 86L214 86L214 99L132 99Z',
      'M206 78L236 76Q242 76 242 82L242 102Q242 108 236 108L206 106Z',
      'M116 82L136 84L136 101L116 103Q112 103 112 98L112 87Q112 82 116 82Z',
      'M166 76L180 76L180 86L166 86Z',
      'M160 147L184 147L182 168L162 168Z',
      'M128 113L118 102L123 98L134 110Z',
      TRIGGER_GUARD(136, 146),
    ],
    paint: [
      'M14 120L122 116L126 148L102 152Q94 178 72 180L22 184Q12 184 12 174Z M62 142Q80 136 90 148Q84 164 68 164Q56 156 62 142Z',
      'M120 115L216 115L220 121L220 146L124 149Z',
      'M216 119L266 121L266 141L216 146Z',
    ],
    details: ['M130 124L212 124', 'M226 130L258 130', 'M24 134L56 132'],
  },
  SMG: {
    metal: [
      'M40 104L98 104L98 112L52 112L52 134L98 130L98 138L40 142Q34 142 34 136L34 110Q34 104 40 104Z',
      'M256 111L300 111L300 124L256 124Z',
      'M296 107L314 107L314 128L296 128Z',
      'M176 140L199 140L202 216L179 216Z',
      'M110 90L244 90L244 98L110 98Z',
      'M226 138L246 138L242 174L230 174Z',
      TRIGGER_GUARD(156, 140),
    ],
    paint: [
      'M96 97L250 97L257 104L257 138L96 143Z',
      'M130 140L158 140L150 192Q148 198 140 198L127 196Q122 194 124 188Z',
    ],
    details: ['M104 112L250 112', 'M118 94L118 98M132 94L132 98M146 94L146 98M160 94L160 98M174 94L174 98M188 94L188 98M202 94L202 98M216 94L216 98M230 94L230 98'],
  },
  Shotgun: {
    metal: [
      'M196 113L346 113L346 124L196 124Z',
      'M196 126L322 126L322 139L196 139Z',
      'M336 108L341 108L341 113L336 113Z',
      TRIGGER_GUARD(140, 143),
    ],
    paint: [
      'M14 120L110 115L118 122L118 142L104 147Q72 162 26 178Q15 180 13 171Z',
      'M114 111L198 111L202 118L202 140L116 145Z',
      'M222 127L292 127Q299 127 299 134L299 144Q299 151 292 151L222 151Q215 151 215 144L215 134Q215 127 222 127Z',
    ],
    details: ['M232 132L232 146M244 132L244 146M256 132L256 146M268 132L268 146M280 132L280 146', 'M124 124L194 122', 'M26 140L104 130'],
  },
  Machinegun: {
    metal: [
      'M150 101L157 83L214 83L221 101L211 101L206 92L164 92L160 101Z',
      'M300 116L344 116L344 126L300 126Z',
      'M338 113L352 113L352 129L338 129Z',
      'M282 131L291 131L318 208L309 211Z',
      'M292 131L301 131L297 211L288 211Z',
      'M110 152L136 152L128 198Q126 204 118 204L107 202Q102 200 104 194Z',
      TRIGGER_GUARD(134, 150),
    ],
    paint: [
      'M14 112L96 108L104 116L104 150L94 154L24 172Q15 174 13 165Z',
      'M100 99L238 99L244 107L244 148L100 155Z',
      'M244 110L302 110L302 132L244 134Z',
      'M150 154L220 151L222 206Q222 213 215 213L157 215Q150 215 150 208Z',
    ],
    details: ['M254 116L254 128M264 116L264 128M274 116L274 128M284 116L284 128M294 116L294 128', 'M110 118L236 116', 'M160 170L212 169M160 186L212 185'],
  },
  Pistol: {
    metal: [
      'M148 134L218 132Q220 170 190 174L160 174L164 163L188 163Q206 161 206 144L150 144Z',
      'M300 96L312 96L312 114L300 114Z',
      'M70 82L84 82L86 88L68 88Z',
      'M286 82L294 82L294 88L286 88Z',
      'M64 232L124 236L122 248Q120 252 114 252L66 248Q60 246 62 240Z',
    ],
    paint: [
      'M66 88L292 88Q302 88 302 97L302 120L66 123Q57 123 57 114L57 97Q57 88 66 88Z',
      'M84 122L292 120L292 134L148 138L84 140Z',
      'M86 136L156 136L132 236Q130 244 120 244L70 240Q60 238 62 228Z',
    ],
    details: ['M76 94L76 116M84 94L84 116M92 94L92 116M100 94L100 116M108 94L108 116', 'M120 104L290 103', 'M96 160L132 160M92 180L128 180M88 200L124 200'],
  },
  Knife: {
    transform: 'rotate(-12 180 140)',
    metal: [
      'M32 122Q30 115 38 114L140 118L140 156L40 165Q30 167 30 158Z',
      'M16 117L34 114L34 167L16 164Q10 140 16 117Z',
      'M134 98Q142 96 150 98L150 176Q142 178 134 176Z',
    ],
    paint: ['M150 116L286 106Q320 103 350 121Q328 147 280 155L150 160Z'],
    details: ['M160 125L272 117', 'M152 150L280 147Q318 139 344 123', 'M50 128L50 152M66 127L66 152M82 126L82 151M98 125L98 150M114 124L114 149'],
  },
  Gloves: {
    metal: ['M136 196L228 196L232 246Q232 252 226 252L140 252Q134 252 134 246Z'],
    paint: [
      'M152 110L210 110Q232 110 232 132L232 178Q232 200 210 200L152 200Q130 200 130 178L130 132Q130 110 152 110Z',
      'M130 64Q130 52 142 52Q154 52 154 64L154 132L130 132Z',
      'M156 52Q156 40 168 40Q180 40 180 52L180 130L156 130Z',
      'M182 60Q182 48 194 48Q206 48 206 60L206 130L182 130Z',
      'M208 82Q208 70 219 70Q230 70 230 82L230 136L208 136Z',
      'M138 160Q108 146 96 120Q90 106 100 99Q111 94 119 106Q128 124 146 132Z',
      'M134 206L230 206L230 222L134 222Z',
    ],
    details: ['M142 60L142 118M168 48L168 118M194 56L194 118M219 78L219 122', 'M146 150Q180 160 222 150', 'M140 214L224 214'],
  },
};

/** Claw-bladed knives get a curved silhouette of their own. */
const CURVED_KNIFE: Silhouette = {
  metal: [
    'M70 96A26 26 0 1 0 70.1 96Z M70 110A12 12 0 1 1 69.9 110Z',
    'M90 110L192 116Q202 118 201 130L199 148L94 140Q84 138 86 126Z',
    'M190 106Q198 104 204 108L206 156Q198 160 192 156Z',
  ],
  paint: ['M202 113C268 104 322 142 318 222C300 186 268 158 204 150Z'],
  details: ['M110 120L186 126M110 130L186 136', 'M214 122C262 118 300 148 310 200'],
};
const CURVED_KNIVES = new Set(['Karambit', 'Talon Knife']);

function drawSilhouette(s: Silhouette, finishId: string, shadeId: string, outline: string): string {
  const metal = s.metal.map((d) => `<path d="${d}"/>`).join('');
  const paint = s.paint.map((d) => `<path d="${d}"/>`).join('');
  return (
    `<g fill="#2b313d" stroke="${outline}" stroke-width="2" stroke-linejoin="round">${metal}</g>` +
    `<g fill="url(#${finishId})" fill-rule="evenodd" stroke="${outline}" stroke-width="2" stroke-linejoin="round">${paint}</g>` +
    `<g fill="url(#${shadeId})" fill-rule="evenodd" stroke="none">${paint}${metal}</g>` +
    `<g fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="1.5" stroke-linecap="round">${s.details.map((d) => `<path d="${d}"/>`).join('')}</g>`
  );
}

/** The item's icon: stylised silhouette of its type in its finish, with a rarity glow. */
export function renderItemSvg(entry: CatalogEntry): string {
  const rng = createRng(`finish:${entry.pattern ?? entry.name}`);
  const id = `i${hash53(entry.key).toString(36)}`;
  const style = styleFor(entry.pattern, rng);
  const palette = paletteFor(entry.pattern, style, rng);
  const rarity = `#${steamRarityOf(entry).color}`;
  const type = steamTypeOf(entry);
  const silhouette = type === 'Knife' && CURVED_KNIVES.has(entry.weapon) ? CURVED_KNIFE : SILHOUETTES[type];
  const outline = '#0b0e14';
  const drawing = drawSilhouette(silhouette, `${id}f`, `${id}s`, outline);
  // Gloves come in pairs: the left glove sits behind, mirrored and darker.
  const body =
    type === 'Gloves'
      ? `<g transform="translate(306 -6) scale(-1 1) rotate(-14 180 150)">${drawing}<g fill="#000" opacity="0.38">${silhouette.paint.map((d) => `<path d="${d}"/>`).join('')}</g></g>` +
        `<g transform="translate(42 -4) rotate(10 180 150)">${drawing}</g>`
      : silhouette.transform
        ? `<g transform="${silhouette.transform}">${drawing}</g>`
        : drawing;
  const title = isVanilla(entry) ? `★ ${entry.name}` : entry.name;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ITEM_IMAGE_WIDTH}" height="${ITEM_IMAGE_HEIGHT}" viewBox="0 0 ${ITEM_IMAGE_WIDTH} ${ITEM_IMAGE_HEIGHT}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs>` +
    `<radialGradient id="${id}b" cx="50%" cy="52%" r="50%"><stop offset="0" stop-color="${rarity}" stop-opacity="0.32"/><stop offset="0.5" stop-color="${rarity}" stop-opacity="0.12"/><stop offset="1" stop-color="${rarity}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}a" x1="0" x2="1"><stop offset="0" stop-color="${rarity}" stop-opacity="0"/><stop offset="0.5" stop-color="${rarity}"/><stop offset="1" stop-color="${rarity}" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.42" stop-color="#fff" stop-opacity="0"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.42"/></linearGradient>` +
    `<filter id="${id}g" x="-15%" y="-20%" width="130%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="6" result="blur"/><feFlood flood-color="${rarity}" flood-opacity="0.7"/><feComposite in2="blur" operator="in" result="glow"/><feMerge><feMergeNode in="glow"/><feMergeNode in="SourceGraphic"/></feMerge></filter>` +
    finishDefs(`${id}f`, style, palette, rng) +
    `</defs>` +
    `<rect width="${ITEM_IMAGE_WIDTH}" height="${ITEM_IMAGE_HEIGHT}" fill="url(#${id}b)"/>` +
    `<g filter="url(#${id}g)">${body}</g>` +
    `<rect x="20" y="263" width="320" height="4" rx="2" fill="url(#${id}a)"/>` +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Avatars

/** Up to two initials of a display name ('Demo Seller' → 'DS'); '?' when it has no letters or digits. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const initials = words
    .slice(0, 2)
    .map((word) => Array.from(word).find((ch) => /[\p{L}\p{N}]/u.test(ch)) ?? '')
    .join('')
    .toUpperCase();
  return initials || '?';
}

/** A 184×184 avatar: a gradient from the steamid's hash and the name's initials. */
export function renderAvatarSvg(steamId: string, personaName: string): string {
  const rng = createRng(`avatar:${steamId}`);
  const hue = rng.between(0, 360);
  const from = hsl({ h: hue, s: 70, l: 52 });
  const to = hsl({ h: hue + rng.pick([40, 60, -50, 150]), s: 65, l: 30 });
  const id = `a${hash53(steamId).toString(36)}`;
  const rings = Array.from({ length: 3 }, (_, i) => {
    const r = n(rng.between(40, 110));
    return `<circle cx="${n(rng.between(0, 184))}" cy="${n(rng.between(0, 184))}" r="${r}" fill="#fff" fill-opacity="${0.05 + i * 0.02}"/>`;
  }).join('');
  const initials = initialsOf(personaName);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}" role="img">` +
    `<title>${escapeXml(personaName)}</title>` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" fill="url(#${id})"/>${rings}` +
    `<text x="92" y="94" text-anchor="middle" dominant-baseline="central" font-family="'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="${Array.from(initials).length > 1 ? 70 : 84}" font-weight="700" fill="#fff" fill-opacity="0.95">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}
