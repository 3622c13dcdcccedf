import { describe, it, type SuiteFactory, type SuiteOptions, type TestFunction, type TestOptions } from 'vitest';
import type { TestDatabaseKind } from './databases.js';

/**
 * Suites that need a server outside the test process (PostgreSQL, Redis) run only when the run names one. A run
 * without it says which suites it skipped and why, instead of leaving them out without a word.
 */

/** Something a suite needs from outside the test process, and how to provide it. */
export type Requirement = { available: boolean; needs: string };

export const SERVER_DATABASE: Requirement = {
  available: Boolean(process.env.TEST_DATABASE_URL),
  needs: 'a PostgreSQL server: set TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres)',
};

/**
 * Two connections at once, for a test that interleaves them inside a suite run on each database kind
 * (TEST_DATABASE_KINDS): the embedded database takes one, so the test runs in the suite on PostgreSQL only.
 */
export function twoConnectionsOn(kind: TestDatabaseKind): Requirement {
  return {
    available: kind === 'postgres',
    needs: SERVER_DATABASE.available ? 'two connections at once, which the embedded database does not take: it runs on postgres' : SERVER_DATABASE.needs,
  };
}

/** Redis, where the tests look for it: TEST_REDIS_URL, or 127.0.0.1:6379 once the outside services are named. */
export const REDIS_SERVER: Requirement = {
  available: Boolean(process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL),
  needs: 'a Redis server: set TEST_REDIS_URL, or TEST_DATABASE_URL with Redis on 127.0.0.1:6379',
};

/** Says on the run's output (vitest prints a file's console lines under its name) that a suite or test was skipped, and why. */
function sayWhySkipped(name: string, requirement: Requirement): void {
  console.info(`Skipped "${name}": it needs ${requirement.needs}.`);
}

/** A `describe` that runs when `requirement` is available, and otherwise is skipped with a line saying which and why. */
export function describeNeeding(requirement: Requirement, name: string, options: SuiteOptions, factory: SuiteFactory): void {
  if (!requirement.available) sayWhySkipped(name, requirement);
  describe.skipIf(!requirement.available)(name, options, factory);
}

/** An `it` that runs when `requirement` is available, and otherwise is skipped with a line saying which and why. */
export function itNeeding(requirement: Requirement, name: string, options: TestOptions, fn: TestFunction): void {
  if (!requirement.available) sayWhySkipped(name, requirement);
  it.skipIf(!requirement.available)(name, options, fn);
}
