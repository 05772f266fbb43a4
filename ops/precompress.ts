/**
 * Brotli and gzip twins of the built PWA's text files (`app.js.br`, `app.js.gz`), made once at
 * build time at the highest levels, so the server (koa-send in api/static.ts) answers with them and
 * never compresses a static file per request. Small files are left alone: compressing them saves
 * less than the header costs.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|webmanifest|json|txt)$/;
const MIN_BYTES = 1024;

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const full = path.join(dir, name);
    const stats = statSync(full);
    if (stats.isDirectory()) return textFiles(full);
    return COMPRESSIBLE.test(name) && stats.size >= MIN_BYTES ? [full] : [];
  });
}

export function precompress(distDir: string): void {
  for (const file of textFiles(distDir)) {
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

/** The build step: after everything is written (the service worker included), in the build's outDir. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'skinmarket-precompress',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompress(outDir);
      },
    },
  };
}
