/**
 * Node's flags for every server process: `npm start` and `npm run serve` (package.json), the
 * container image (ops/deploy/Dockerfile), the benchmark and the cluster tests. V8 sizes its heap
 * by the machine's memory, not by what the process needs, and under load lets garbage it collects
 * late grow the old space: about 500 MiB resident after three rounds of the catalogue benchmark on
 * a 23.5 GiB machine, where the live heap fits in 160 MB. With a 256 MB ceiling the same rounds
 * stay near 250 MiB at the same throughput. manifests.test.ts checks that the scripts and the
 * image use these flags.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256'];
