// Smoke benchmark: proves the bench runner works (ratio of a Set lookup vs Array.includes).
const N = 20_000;
const items = Array.from({ length: N }, (_, i) => `item-${i}`);
const set = new Set(items);
const probes = Array.from({ length: 2_000 }, (_, i) => `item-${(i * 7919) % N}`);
function time(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}
let hits = 0;
const naive = time(() => probes.forEach((p) => (hits += items.includes(p) ? 1 : 0)));
const fast = time(() => probes.forEach((p) => (hits += set.has(p) ? 1 : 0)));
console.log(`set lookup vs Array.includes: ${(naive / fast).toFixed(1)}x faster (${hits} hits)`);
