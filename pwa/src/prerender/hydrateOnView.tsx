/**
 * A part of a prerendered page below the fold that is hydrated only when it comes near the
 * viewport, or when the visitor starts interacting with the page. Until then it is the server's
 * HTML, painted and styled, with its links working as plain links: a phone that opens the page runs
 * none of its code at start.
 *
 * This is React's selective hydration. The part is a lazily loaded component in a Suspense boundary
 * of its own; the prerender resolves it (prerenderToNodeStream waits for every boundary), so the HTML
 * has it whole. In the browser, React asks for its code when it first tries to hydrate it, right
 * after the page; the code is only fetched once the part is needed, and until then React leaves the
 * boundary dehydrated. Rendered from scratch (a client-side navigation), there is no HTML to keep:
 * it is needed at once.
 *
 * A dehydrated boundary must not be re-rendered before its code can come: React would then have
 * to hydrate it at once, and a transition (a navigation) would wait for it. The wrapper is memoized
 * and has no props, so its parent's renders stop at it; any pointer, key or history event starts
 * loading the code, so a navigation (which always follows one) finds it loaded or on its way.
 *
 * A context the part reads changing under it forces the same: so only parts of one screen, whose
 * contexts stay put while the screen is shown, not the layout (the footer's links follow the
 * location, which a redirect can change without any input).
 *
 * Parts deferred this way must render, while hydrating, what the prerender rendered: no user and no
 * query data (useHydrated, useCurrentUser).
 */
import { memo, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { lazyWithPreload } from '../lazyWithPreload';

/** How far below the viewport a part starts loading, so it is hydrated by the time it is seen. */
const NEAR_VIEW_MARGIN = '50% 0px';
const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'popstate'] as const;

/** Calls `load` once: when `element` nears the viewport or the visitor interacts. Returns a cleanup. */
function whenNeeded(element: Element, load: () => void): () => void {
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), { rootMargin: NEAR_VIEW_MARGIN });
  const stop = () => {
    observer.disconnect();
    for (const type of INTERACTION_EVENTS) window.removeEventListener(type, start, true);
  };
  function start() {
    stop();
    load();
  }
  observer.observe(element);
  for (const type of INTERACTION_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
  return stop;
}

export function hydrateOnView(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let markNeeded: () => void = () => {};
  const needed = new Promise<void>((resolve) => {
    markNeeded = resolve;
  });
  // The prerender (no DOM) renders every part whole.
  if (typeof document === 'undefined') markNeeded();
  const Part = lazyWithPreload(async () => {
    await needed;
    return load();
  });
  function PartWhenSeen() {
    const wrapper = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = wrapper.current;
      if (!element) return;
      // A boundary from the HTML leaves its markers (comments) in the wrapper even when it rendered
      // nothing; one rendered on the client while its code loads leaves the wrapper empty.
      if (!element.firstChild) return markNeeded();
      return whenNeeded(element, markNeeded);
    }, []);
    return (
      <div ref={wrapper}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </div>
    );
  }
  return memo(PartWhenSeen);
}
