import { describe, expect, it } from 'vitest';
import { slicePreloadLinks } from './preloadInSlices';

const APPEND = 'document.head.appendChild(link);';

describe('slicePreloadLinks', () => {
  it('queues the script links and leaves stylesheets on their own path', () => {
    const helper = `if (isCss) link.rel = 'stylesheet'; ${APPEND} if (isCss) return waitForLoad(link);`;
    const sliced = slicePreloadLinks(helper);
    expect(sliced).toContain(`if (!isCss) return appendInSlices(link); ${APPEND} if (isCss) return waitForLoad(link);`);
    expect(sliced).toContain('function appendInSlices(link)');
  });

  it("fails loudly on a helper that no longer adds its links in the one statement it expects", () => {
    expect(() => slicePreloadLinks('document.head.append(link);')).toThrow(/update the transform/);
    expect(() => slicePreloadLinks(`${APPEND} ${APPEND}`)).toThrow(/update the transform/);
  });
});
