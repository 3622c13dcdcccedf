import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodicPass } from './periodic.js';

describe('periodicPass', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs on its schedule, never two passes at once, and goes on after a failed one', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let finish: (() => void) | null = null;
    let passes = 0;
    const schedule = periodicPass(
      () => {
        passes += 1;
        if (passes === 1) return Promise.reject(new Error('the database went away'));
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { intervalMs: 1_000, onError: (err) => errors.push(err) },
    );
    schedule.start();
    schedule.start();
    expect(passes).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(1);
    expect(errors).toEqual([new Error('the database went away')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(2);
    // The second pass is still running: the next ticks let it be.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(passes).toBe(2);
    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(2);
  });

  it('runs a first pass at once when asked', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const schedule = periodicPass(async () => void (passes += 1), { intervalMs: 60_000, onError: () => {}, runAtStart: true });
    schedule.start();
    expect(passes).toBe(1);
    await schedule.stop();
  });
});
