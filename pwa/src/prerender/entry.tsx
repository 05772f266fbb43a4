/**
 * The server-side entry of the build-time prerender (ops/prerender.ts loads it through Vite) and of
 * the market's page rendered on each request (api/pages/marketPage.ts): the app's HTML for one
 * page, or for the shell, as the browser's first render will produce it, so start.tsx can hydrate
 * it. Nothing of the visitor is known here, and the client's first render knows no more: the user
 * and every query are still pending (the offline copy is restored only after hydration), except
 * the data the page is rendered with, which the HTML carries for the hydration (pageData.ts).
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { Skeleton, Stack } from '@chakra-ui/react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter, useRoutes, type RouteObject } from 'react-router-dom';
import App from '../App';
import { createQueryClient } from '../queryClient';
import { AppLayout } from '../components/AppLayout';
import { AppRoutes, preloadScreen } from '../router';
import { seedPageData, type PageData } from './pageData';
import { PRERENDERED_STYLES_ATTRIBUTE, STYLE_KEY } from './styles';

/** The shell's main while a page that is not prerendered starts: neutral blocks, no screen's layout. */
function ShellSkeleton() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="Loading">
      <Skeleton h="10" w={{ base: '3/4', md: '1/3' }} borderRadius="l2" />
      <Skeleton h="5" w={{ base: 'full', md: '1/2' }} borderRadius="l2" />
      <Skeleton h="64" w="full" borderRadius="l3" />
    </Stack>
  );
}

const shellRoutes: RouteObject[] = [{ element: <AppLayout />, children: [{ path: '*', element: <ShellSkeleton /> }] }];

function ShellRoutes() {
  return useRoutes(shellRoutes);
}

/** The shell is rendered at a path no link points to, so no navigation entry shows as current. */
const SHELL_PATH = '/__shell';

async function renderToString(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node, {
    // Every boundary written in place: a large one would otherwise come as a hidden copy moved in
    // by an inline script, which the CSP blocks.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      throw error;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export interface RenderedPage {
  /** The markup of #root. */
  markup: string;
  /** Emotion's style elements for the head, so the page paints styled without JavaScript. */
  styles: string;
}

/**
 * Emotion's rules of a render as a few style elements (styles.ts says how the browser continues
 * from them): one per global style (Chakra's layers, reset and tokens; keyframes), in the order they
 * were inserted, then one with every component class the markup uses, naming their ids. Left to
 * itself, emotion writes a style element before each element it styles, over a hundred per page;
 * the browser parsed and matched each as a style sheet of its own.
 */
function styleElements(cache: EmotionCache, markup: string): string {
  const usedClasses = new Set(Array.from(markup.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9_-]+)`, 'g')), (match) => match[1]));
  const globals: string[] = [];
  const classIds: string[] = [];
  let classRules = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const isClass = cache.registered[`${cache.key}-${id}`] !== undefined;
    if (!isClass) globals.push(`<style ${PRERENDERED_STYLES_ATTRIBUTE}="global">${rules}</style>`);
    else if (usedClasses.has(id)) {
      classIds.push(id);
      classRules += rules;
    }
  }
  return `${globals.join('')}<style ${PRERENDERED_STYLES_ATTRIBUTE}="${cache.key} ${classIds.join(' ')}">${classRules}</style>`;
}

/**
 * #root's markup for `path`, or for the shell when `path` is null, and the styles it needs; with
 * `data`, the page shows it. Each render has a query cache of its own: concurrent renders on the
 * server must not see each other's data.
 */
export async function renderPage(path: string | null, data?: PageData): Promise<RenderedPage> {
  if (path !== null) await preloadScreen(path);
  const client = createQueryClient();
  if (data) seedPageData(client, data);
  // One style cache for the page, so each rule is written out once. In compat mode emotion keeps
  // the rules in the cache instead of writing style elements into the markup.
  const cache = createCache({ key: STYLE_KEY });
  cache.compat = true;
  const markup = await renderToString(
    <CacheProvider value={cache}>
      <App client={client}>
        <StaticRouter location={path ?? SHELL_PATH}>{path === null ? <ShellRoutes /> : <AppRoutes />}</StaticRouter>
      </App>
    </CacheProvider>,
  );
  return { markup, styles: styleElements(cache, markup) };
}
