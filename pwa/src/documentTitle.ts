/** The browser tab title of each page, from the route table's titles (shared/routes.ts). */
import { PRODUCT_NAME } from '../../shared/constants';
import { pageRoutes } from '../../shared/routes';

export const NOT_FOUND_TITLE = 'Page Not Found';

/** "Market | SkinMarket"; the landing page leads with the product name; unknown paths are 404s. */
export function documentTitleFor(pathname: string): string {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const route = pageRoutes.find((candidate) => candidate.path === trimmed);
  if (route?.path === '/') return `${PRODUCT_NAME} — ${route.title}`;
  return `${route?.title ?? NOT_FOUND_TITLE} | ${PRODUCT_NAME}`;
}
