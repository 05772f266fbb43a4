/**
 * How the PWA's build groups modules into chunks (vite.config.ts): React in a chunk of its own, the
 * page's entry in one, everything the app's start needs in one more (`core`), and the screens' code
 * left to the bundler, so each screen loads only the components and state machines it uses.
 *
 * Left to itself, the bundler gave each module shared by the start and some screens a chunk of its
 * own (a Chakra component, a hook, a constants module: most of one or two KiB), although no screen
 * loads before the start. Every page then asked for 27 files before the app could run, and
 * `/market` for 61. Each file costs the phone's main thread a request to start (preloading the 27
 * was a 27 ms task here, four times that on Lighthouse's phone) and, over HTTP/1.1's six
 * connections to a host, a place in a queue of round trips. Every page loads all of the start's
 * modules anyway, so one chunk of them costs no page a byte more; it compresses better, too.
 *
 * Which modules those are cannot be read off the module graph: Chakra's barrel module imports
 * every component, used or not. So a first build, written nowhere and not minified, chunks the app
 * the bundler's way, and the groups take their modules from its chunks: the entry's static closure
 * (kept one small file, which must not wait for anything to paint first), and the start's, less
 * the entry's, React and the lazily loaded modules. Neither group pulls in its modules'
 * dependencies (`includeDependenciesRecursively`), or the barrels would bring every component back.
 */
import react from '@vitejs/plugin-react';
import { build, type Rolldown, type UserConfig } from 'vite';

/** React, the router and the scheduler: a deploy that only changes app code leaves them cached. */
export const reactGroup = {
  name: 'react',
  test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
  priority: 2,
};

const START_MODULE = /[\\/]pwa[\\/]src[\\/]start\.tsx$/;
/** The landing page's screen: `/`, where most visits start, and the page `npm run size` holds tightest. */
const LANDING_MODULE = /[\\/]pwa[\\/]src[\\/]screens[\\/]landing[\\/]LandingScreen\.tsx$/;
/** The market's screen and its Buy tab, which it loads as it renders: what `/market` loads at once. */
const MARKET_MODULES = /[\\/]pwa[\\/]src[\\/]screens[\\/]market[\\/](MarketScreen|buy[\\/]BuyTab)\.tsx$/;
/**
 * A shared chunk of the first build (not minified) at most this long is small: gzipped, about a
 * KiB or less, most of it a module or two of Chakra's, Ark's or Zag's internals.
 */
const SMALL_CHUNK_CHARS = 6_000;
const NODE_MODULE = /[\\/]node_modules[\\/]/;
/** lucide-react's module of one icon: its package index only re-exports these. */
const ICON_MODULE = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** What the groups need to know of a chunk of the first build. */
type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'moduleIds' | 'isEntry' | 'isDynamicEntry' | 'facadeModuleId' | 'code'>;

/** A chunk and every chunk it imports statically. */
function staticClosure(chunk: Chunk, byFile: Map<string, Chunk>, seen = new Set<Chunk>()): Set<Chunk> {
  if (seen.has(chunk)) return seen;
  seen.add(chunk);
  for (const file of chunk.imports) {
    const imported = byFile.get(file);
    if (imported) staticClosure(imported, byFile, seen);
  }
  return seen;
}

const modulesOf = (chunks: Iterable<Chunk>) => new Set([...chunks].flatMap((chunk) => chunk.moduleIds));

/**
 * The modules of the page's entry and of the app's start, from the bundler's own chunking, and the
 * icons that several screens share (lucide-react has a module per icon, so each goes with the code
 * that draws it). The bundler left those in chunks of a few icons each, a request apiece for a few
 * hundred bytes: they go in one chunk instead, but for the few the landing page draws at once,
 * which join the start's, so `/` needs no icon chunk, and those the market draws at once, which
 * have a chunk of their own (`marketIcons`): `/market` loaded the whole shared chunk (some 35
 * icons) for the ten it draws. Not in the market's shared chunk below: the landing page's lower
 * sections draw some of them, and would load all of that.
 *
 * The small chunks the market's screen shares with other screens go in one chunk too
 * (`marketShared`). The bundler gives each set of screens sharing a module a chunk of its own, and
 * `/market` asked for 22 such chunks of about half a KiB each: each a request and a place in the
 * queue for one of HTTP/1.1's six connections. Another screen that needs one of those modules now loads them all (a few KiB);
 * the landing page's are left out, so `/` loads none of it.
 */
export function startModules(chunks: Chunk[]): { entry: Set<string>; core: Set<string>; sharedIcons: Set<string>; marketIcons: Set<string>; marketShared: Set<string> } {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryChunk = chunks.find((chunk) => chunk.isEntry);
  const startChunk = chunks.find((chunk) => chunk.facadeModuleId !== null && START_MODULE.test(chunk.facadeModuleId));
  if (!entryChunk || !startChunk) throw new Error('ops/chunkGroups.ts: the first build has no entry chunk, or none for pwa/src/start.tsx');
  const entry = modulesOf(staticClosure(entryChunk, byFile));
  const lazy = new Set(chunks.filter((chunk) => chunk.isDynamicEntry).map((chunk) => chunk.facadeModuleId));
  const core = new Set([...modulesOf(staticClosure(startChunk, byFile))].filter((id) => !entry.has(id) && !lazy.has(id) && !reactGroup.test.test(id)));
  const sharedIcons = new Set(
    chunks
      .filter((chunk) => !chunk.isEntry && !chunk.isDynamicEntry)
      .flatMap((chunk) => chunk.moduleIds)
      .filter((id) => ICON_MODULE.test(id) && !core.has(id) && !entry.has(id)),
  );
  const landingChunk = chunks.find((chunk) => chunk.facadeModuleId !== null && LANDING_MODULE.test(chunk.facadeModuleId));
  const landing = landingChunk ? modulesOf(staticClosure(landingChunk, byFile)) : new Set<string>();
  for (const id of landing) {
    if (sharedIcons.delete(id)) core.add(id);
  }
  const market = new Set<Chunk>();
  for (const chunk of chunks) if (chunk.facadeModuleId !== null && MARKET_MODULES.test(chunk.facadeModuleId)) staticClosure(chunk, byFile, market);
  const marketIcons = new Set([...modulesOf(market)].filter((id) => sharedIcons.has(id)));
  for (const id of marketIcons) sharedIcons.delete(id);
  const marketShared = new Set(
    [...market]
      .filter((chunk) => !chunk.isEntry && !chunk.isDynamicEntry && chunk.code.length <= SMALL_CHUNK_CHARS)
      .flatMap((chunk) => chunk.moduleIds)
      .filter((id) => NODE_MODULE.test(id) && !core.has(id) && !landing.has(id) && !marketIcons.has(id) && !reactGroup.test.test(id)),
  );
  return { entry, core, sharedIcons, marketIcons, marketShared };
}

/**
 * The groups of the build of the app at `root`, after a first build of it (see above) that resolves
 * modules as the real one does (`resolve`).
 */
export async function chunkGroups(root: string, resolve: UserConfig['resolve']) {
  const output = await build({
    configFile: false,
    root,
    resolve,
    logLevel: 'silent',
    plugins: [react()],
    build: { write: false, minify: false, rolldownOptions: { output: { codeSplitting: { groups: [reactGroup] } } } },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const { entry, core, sharedIcons, marketIcons, marketShared } = startModules(results.flatMap((result) => result.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')));
  return [
    reactGroup,
    { name: 'index', test: (id: string) => entry.has(id), priority: 1, includeDependenciesRecursively: false },
    { name: 'core', test: (id: string) => core.has(id), priority: 1, includeDependenciesRecursively: false },
    { name: 'icons', test: (id: string) => sharedIcons.has(id), priority: 1, includeDependenciesRecursively: false },
    { name: 'market-icons', test: (id: string) => marketIcons.has(id), priority: 1, includeDependenciesRecursively: false },
    { name: 'market-shared', test: (id: string) => marketShared.has(id), priority: 1, includeDependenciesRecursively: false },
  ];
}
