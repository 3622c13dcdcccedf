import { afterAll, beforeAll } from 'vitest';

/**
 * Opens what a suite's tests share before they run and closes it after them, registering both hooks in the suite
 * it is called in. The object answered is filled in by the time the first test runs, so the tests read
 * `s.t`, `s.guest`, … from it; read it in hooks and tests only, not while the suite is being collected.
 */
export function useSuite<S extends object>(open: () => Promise<S>, close: (suite: S) => Promise<void>): S {
  const suite = {} as S;
  let opened = false;
  beforeAll(async () => {
    Object.assign(suite, await open());
    opened = true;
  });
  afterAll(async () => {
    if (opened) await close(suite);
  });
  return suite;
}
