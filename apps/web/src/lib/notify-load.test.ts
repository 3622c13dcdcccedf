import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('react-hot-toast');
  vi.resetModules();
});

it('tries loading the toast library again after a failed load', async () => {
  let loads = 0;
  vi.doMock('react-hot-toast', async (importOriginal) => {
    loads += 1;
    if (loads === 1) throw new Error('the network dropped');
    return importOriginal();
  });
  const { loadToasts, notify } = await import('./notify');

  await expect(loadToasts()).rejects.toThrow();
  // A toast asked for while the library cannot load is lost quietly, not an unhandled rejection.
  notify.error('Could not save');
  const library = await loadToasts();
  expect(typeof library.default.success).toBe('function');
  expect(loads).toBe(2);
});
