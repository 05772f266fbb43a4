/**
 * The server-side entry of the build-time prerender (ops/prerender.ts loads it through Vite): the
 * app's HTML for one page, or for the shell, as the browser's first render will produce it, so
 * main.tsx can hydrate it. Nothing of the visitor is known here, and the client's first render knows
 * no more: the user and every query are still pending (the persister restores only after it).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { Skeleton, Stack } from '@chakra-ui/react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import App from '../App';
import { AppLayout } from '../components/AppLayout';
import { preloadScreen, routes } from '../router';

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

/**
 * The markup of #root for `path`, or for the shell when `path` is null. Emotion's styles are in it
 * (style elements before what they style), so it paints styled without JavaScript; the browser's
 * emotion moves them into the head before React hydrates.
 */
export async function renderPage(path: string | null): Promise<string> {
  const handler = createStaticHandler(path === null ? shellRoutes : routes);
  const context = await handler.query(new Request(new URL(path ?? SHELL_PATH, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerendering ${path} answered a redirect`);
  if (path !== null) await preloadScreen(path);
  const router = createStaticRouter(handler.dataRoutes, context);
  // One style cache for the page, so each rule is written out once.
  const cache = createCache({ key: 'css' });
  return renderToString(
    <CacheProvider value={cache}>
      <App>
        {/* No hydration data: it would be an inline script (CSP), and the routes have no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </CacheProvider>,
  );
}
