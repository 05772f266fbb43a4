import { describe, expect, it } from 'vitest';
import { isPrerenderedFile, PRERENDERED_PATHS, prerenderedFileFor, prerenderedFileOf } from './prerenderedPages';
import { isPagePath } from './routes';

describe('prerendered pages', () => {
  it('are pages of the route table, each with a file of its own', () => {
    const files = PRERENDERED_PATHS.map(prerenderedFileFor);
    expect(PRERENDERED_PATHS.every(isPagePath)).toBe(true);
    expect(new Set(files).size).toBe(files.length);
    expect(prerenderedFileFor('/')).toBe('pages/home.html');
    expect(prerenderedFileFor('/help-center')).toBe('pages/help-center.html');
  });

  it('finds the file of a path with or without its trailing slash, and none for other pages', () => {
    expect(prerenderedFileOf('/help-center/')).toBe('pages/help-center.html');
    expect(prerenderedFileOf('/')).toBe('pages/home.html');
    expect(prerenderedFileOf('/market')).toBeNull();
    expect(prerenderedFileOf('/pages/help-center.html')).toBeNull();
  });

  it('recognises the files by their served path only', () => {
    expect(isPrerenderedFile('/pages/home.html')).toBe(true);
    expect(isPrerenderedFile('/pages/market.html')).toBe(false);
    expect(isPrerenderedFile('/index.html')).toBe(false);
  });
});
