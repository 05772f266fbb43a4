/**
 * The frame around every screen: skip link, top navigation bar, main content, footer. It also
 * does the two things every route change needs: scroll smoothly to the top (a change of page
 * only, not the first render) and set the document title from the route table.
 */
import { Suspense, useEffect, useRef } from 'react';
import { Box, Center, Container, Spinner } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router-dom';
import { documentTitleFor } from '../documentTitle';
import { HydrationSentinel } from '../prerender/hydration';
import { DemoBanner } from './DemoBanner';
import { Footer } from './Footer';
import { InstallButton } from './InstallButton';
import { LoginFailedNotice } from './LoginFailedNotice';
import { SkipLink } from './SkipLink';
import { TopNav } from './TopNav';

export const MAIN_CONTENT_ID = 'main-content';

function useRouteChangeEffects(pathname: string) {
  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);

  // The page as loaded keeps the scroll position the browser gave it (the top, or where a reload
  // was); scrolling there again would also force a layout of the whole page inside the first
  // render's task, a long one on a phone.
  const firstPathname = useRef<string | null>(pathname);
  useEffect(() => {
    if (firstPathname.current === pathname) return;
    firstPathname.current = null;
    // A link to a section of a page (/help-center#pricing) lands on that section, not the top;
    // the page scrolls there itself. Read from window: the hash alone is no reason to scroll.
    const targetId = decodeURIComponent(window.location.hash.slice(1));
    if (targetId && document.getElementById(targetId)) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);
}

/** While a screen's code loads: a spinner that only fades in if the wait is noticeable. */
function ScreenFallback() {
  return (
    <Center
      minH="40vh"
      aria-busy="true"
      aria-label="Loading"
      animationName="fade-in"
      animationDuration="moderate"
      animationDelay="0.3s"
      animationFillMode="both"
    >
      <Spinner size="lg" color="brand.400" borderWidth="3px" />
    </Center>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  useRouteChangeEffects(pathname);

  return (
    <>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <DemoBanner />
      <TopNav />
      {/* At least a screen tall: the footer starts below the fold, so a screen arriving (lazily
          loaded, then filled with data) never pushes it down in view (no layout shift). */}
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" minH="100dvh" outline="none">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
          <InstallButton />
          <LoginFailedNotice />
          <Suspense fallback={<ScreenFallback />}>
            <Outlet />
            <HydrationSentinel />
          </Suspense>
        </Container>
      </Box>
      <Footer />
    </>
  );
}
