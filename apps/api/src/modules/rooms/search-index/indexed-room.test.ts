import { describe, expect, it } from 'vitest';
import { IntSlab } from './indexed-room.js';

describe('a slab of typed arrays', () => {
  it('keeps each array as a view of a shared buffer, with its own values, across the buffers it fills', () => {
    const slab = new IntSlab();
    const arrays = Array.from({ length: 4_000 }, (_, i) => Int32Array.from({ length: 1 + (i % 700) }, (_, j) => i * 1_000 + j));
    const kept = arrays.map((values) => slab.keep(values));
    kept.forEach((view, i) => expect(Array.from(view)).toEqual(Array.from(arrays[i]!)));
    // 4,000 arrays of 350 numbers on average fill one buffer of 1M numbers and begin another; none is its own.
    const buffers = new Set(kept.map((view) => view.buffer));
    expect(buffers.size).toBe(2);
    expect(kept.every((view, i) => view !== arrays[i])).toBe(true);
  });

  it('keeps an empty array as it is and gives an array longer than a buffer one of its own size', () => {
    const slab = new IntSlab();
    const empty = new Int32Array(0);
    expect(slab.keep(empty)).toBe(empty);
    const long = new Int32Array((1 << 20) + 5).fill(7);
    const view = slab.keep(long);
    expect(view.length).toBe(long.length);
    expect(view[long.length - 1]).toBe(7);
    expect(Array.from(slab.keep(Int32Array.of(1, 2)))).toEqual([1, 2]);
  });
});
