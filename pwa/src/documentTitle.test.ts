import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../shared/routes';
import { documentTitleFor } from './documentTitle';

describe('documentTitleFor', () => {
  it('uses the route-table title of every page', () => {
    for (const route of pageRoutes) {
      expect(documentTitleFor(route.path)).toContain(route.title);
    }
  });

  it('treats /market/ as /market', () => {
    expect(documentTitleFor('/market/')).toBe('Market | SkinMarket');
  });

  it('names unknown paths as not found', () => {
    expect(documentTitleFor('/no-such-page')).toBe('Page Not Found | SkinMarket');
  });

  it('leads with the product name on the landing page', () => {
    expect(documentTitleFor('/')).toBe('SkinMarket — Sell CS2 Skins for Real Money');
  });
});
