/**
 * Chakra's `createSystem`, with a twin that builds the same system in steps: `createSystem.inSteps`
 * is a generator that pauses between the stages of the work, so the app's start can give each stage
 * a task of its own (pwa/src/theme.ts, start.tsx).
 *
 * Building the design system is one synchronous call: merging the configs, the token dictionary
 * (some 500 tokens, registered and then resolved), the conditions and the style utilities. On
 * Lighthouse's phone (a CPU four times slower than this machine's) it was one task of 150-250 ms on
 * every page, during which a tap got no answer. In five steps, none is much over 50 ms there.
 *
 * `createSystem` and `createTokenDictionary` themselves run the same steps without pausing, so the
 * server's render, the prerender and the tests build exactly the system they built before. The
 * transform only moves statements into generators and adds `yield`s between them: the build fails
 * if Chakra's code no longer has the statements it pauses after, so an upgrade cannot quietly undo
 * it.
 */
import type { Plugin } from 'vite';

interface InSteps {
  /** The module, by path. */
  module: RegExp;
  /** The function made a generator: `name(...)` runs it to the end, `name.inSteps(...)` step by step. */
  name: string;
  parameters: string;
  /** Statements a step ends with, each found once in the module. */
  stepEnds: string[];
  /** Other changes: each text found once, and replaced. */
  replacements?: Array<[string, string]>;
}

const STYLED_SYSTEM = String.raw`[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]`;

export const SYSTEM_STEPS: InSteps = {
  module: new RegExp(`${STYLED_SYSTEM}system\\.js$`),
  name: 'createSystem',
  parameters: '...configs',
  // The configs merged; the token dictionary (its own steps between); the utilities.
  stepEnds: ['  const layers = createLayers(config);\n', '    prefix: cssVarsPrefix\n  });\n', '  const utility = createUtility({\n    config: utilities,\n    tokens\n  });\n'],
  replacements: [['  const tokens = createTokenDictionary({\n', '  const tokens = yield* createTokenDictionary.inSteps({\n']],
};

export const TOKEN_DICTIONARY_STEPS: InSteps = {
  module: new RegExp(`${STYLED_SYSTEM}token-dictionary\\.js$`),
  name: 'createTokenDictionary',
  parameters: 'options',
  // Every token registered; then resolved (references, transforms, views) in the rest.
  stepEnds: ['  registerTokens();\n'],
};

/** The module's source with `name.inSteps`; throws if the source has changed shape. */
export function inSteps(source: string, { name, parameters, stepEnds, replacements = [] }: InSteps): string {
  const header = `function ${name}(${parameters}) {\n`;
  const once = (text: string) => source.indexOf(text) !== -1 && source.indexOf(text) === source.lastIndexOf(text);
  const missing = [header, ...stepEnds, ...replacements.map(([from]) => from)].filter((text) => !once(text));
  if (missing.length > 0) {
    throw new Error(`Chakra's ${name} no longer has the statements ops/chakraSystemInSteps.ts expects (${JSON.stringify(missing[0])}): update the transform`);
  }
  const whole = `function ${name}(${parameters}) {
  const steps = ${name}InSteps(${parameters});
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
${name}.inSteps = ${name}InSteps;
function* ${name}InSteps(${parameters}) {
`;
  let code = source.replace(header, whole);
  for (const end of stepEnds) code = code.replace(end, `${end}  yield;\n`);
  for (const [from, to] of replacements) code = code.replace(from, to);
  return code;
}

export function chakraSystemInStepsPlugin(): Plugin {
  const pending = new Set([SYSTEM_STEPS, TOKEN_DICTIONARY_STEPS]);
  return {
    name: 'skinmarket-chakra-system-in-steps',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    transform(code, id) {
      const steps = [SYSTEM_STEPS, TOKEN_DICTIONARY_STEPS].find((candidate) => candidate.module.test(id));
      if (!steps) return null;
      pending.delete(steps);
      return { code: inSteps(code, steps), map: null };
    },
    buildEnd(error) {
      const [missing] = pending;
      if (!error && missing) this.error(`Chakra's ${missing.name} was not in the build: ops/chakraSystemInSteps.ts looks for its module by path`);
    },
  };
}
