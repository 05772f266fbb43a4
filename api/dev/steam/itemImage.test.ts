import { describe, expect, it } from 'vitest';
import { WEAPON_TYPES } from '../../../shared/constants';
import { CATALOG, catalogEntriesNamed, requireCatalogEntry, steamRarityOf, steamTypeOf, type CatalogEntry } from './catalog';
import { escapeXml, initialsOf, renderAvatarSvg, renderItemSvg } from './itemImage';

const one = (name: string): CatalogEntry => catalogEntriesNamed(name)[0]!;

/** A small well-formedness check: tags balance, attributes are quoted, no stray '<' or '&'. */
function expectWellFormedSvg(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  const stack: string[] = [];
  const tagPattern = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let position = 0;
  for (const match of svg.matchAll(tagPattern)) {
    const text = svg.slice(position, match.index);
    expect(text, `text before ${match[0]}`).not.toMatch(/[<>]|&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/);
    position = match.index + match[0].length;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(position).toBe(svg.length);
  expect(stack).toEqual([]);
}

describe('renderItemSvg', () => {
  const samples = WEAPON_TYPES.map((type) => CATALOG.find((entry) => steamTypeOf(entry) === type && entry.paintIndex !== null)!);

  it.each(samples.map((entry) => [steamTypeOf(entry), entry] as const))('draws a well-formed 360×270 %s', (_type, entry) => {
    const svg = renderItemSvg(entry);
    expectWellFormedSvg(svg);
    expect(svg).toContain('width="360" height="270" viewBox="0 0 360 270"');
    expect(svg).toContain(`#${steamRarityOf(entry).color}`);
  });

  it('is self-contained: no network, no scripts, no external fonts, no visible text', () => {
    for (const entry of [...samples, requireCatalogEntry('Karambit#vanilla')]) {
      const svg = renderItemSvg(entry);
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|<script|<image|@import|<text|href=/i);
    }
  });

  it('draws each weapon class with its own silhouette', () => {
    const bodies = samples.map((entry) => renderItemSvg(entry).match(/<path d="[^"]+"/g)!.slice(0, 3).join());
    expect(new Set(bodies).size).toBe(WEAPON_TYPES.length);
  });

  it('is deterministic, and different finishes of one weapon look different', () => {
    const redline = one('AK-47 | Redline');
    expect(renderItemSvg(redline)).toBe(renderItemSvg(redline));
    const aks = CATALOG.filter((entry) => entry.weapon === 'AK-47').map((entry) => renderItemSvg(entry));
    expect(new Set(aks).size).toBe(aks.length);
  });

  it('escapes names in the title', () => {
    const svg = renderItemSvg({ ...one('AK-47 | Redline'), key: 'x#1', name: 'AK-47 | <Red> & "line"' });
    expect(svg).toContain('<title>AK-47 | &#60;Red&#62; &#38; &#34;line&#34;</title>');
    expectWellFormedSvg(svg);
  });

  it('draws every catalogue entry without failing', () => {
    for (const entry of CATALOG) expect(renderItemSvg(entry).length).toBeGreaterThan(500);
  });

  it('keeps ids unique per entry so several icons can be inlined in one page', () => {
    const idOf = (entry: CatalogEntry) => /id="([^"]+)"/.exec(renderItemSvg(entry))![1];
    const ids = new Set(CATALOG.slice(0, 200).map(idOf));
    expect(ids.size).toBe(200);
  });
});

describe('renderAvatarSvg', () => {
  it('draws a 184×184 gradient with the initials', () => {
    const svg = renderAvatarSvg('76561198000000001', 'Demo Seller');
    expectWellFormedSvg(svg);
    expect(svg).toContain('width="184" height="184"');
    expect(svg).toMatch(/>DS<\/text>/);
    expect(svg).toBe(renderAvatarSvg('76561198000000001', 'Demo Seller'));
    expect(renderAvatarSvg('76561198000000002', 'Demo Seller')).not.toBe(svg);
  });

  it('escapes whatever the name holds', () => {
    const svg = renderAvatarSvg('76561198000000009', '<script>alert("x")</script> & co');
    expectWellFormedSvg(svg);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&#60;script&#62;');
  });

  it('finds initials in any script, or falls back to ?', () => {
    expect(initialsOf('Demo Buyer')).toBe('DB');
    expect(initialsOf('trader')).toBe('T');
    expect(initialsOf('  élodie   øst  gamma')).toBe('ÉØ');
    expect(initialsOf('龍王 玩家')).toBe('龍玩');
    expect(initialsOf('*** !!!')).toBe('?');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('<b> x')).toBe('BX');
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
