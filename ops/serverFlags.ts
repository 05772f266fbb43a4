/**
 * Node's flags for every server process: `npm start` and `npm run serve` (package.json), the
 * container image (ops/deploy/Dockerfile), the benchmark and the cluster tests. V8 sizes its heap
 * by the machine's memory, not by what the process needs, and under load lets garbage it collects
 * late grow the old space (toward 500 MiB resident on a 23.5 GiB machine, where the live heap
 * under the catalogue benchmark fits in 160 MB). A 256 MB ceiling keeps the process near 250 MiB
 * resident at the same throughput. manifests.test.ts checks that the scripts and the image use
 * these flags.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256'];
