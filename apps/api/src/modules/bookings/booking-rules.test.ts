import { describe, expect, it } from 'vitest';
import { PG_ERRORS } from '../../errors.js';
import { retryOnDeadlock } from './confirm-booking.js';

describe('retryOnDeadlock', () => {
  const deadlock = Object.assign(new Error('deadlock detected'), { code: PG_ERRORS.deadlockDetected });

  it('runs the transaction again when PostgreSQL broke a deadlock by aborting it', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls === 1) throw new Error('Failed query', { cause: deadlock });
      return 'booked';
    });
    expect({ result, calls }).toEqual({ result: 'booked', calls: 2 });
  });

  it('gives up after a few attempts, and never retries other failures', async () => {
    let calls = 0;
    await expect(retryOnDeadlock(async () => {
      calls += 1;
      throw deadlock;
    })).rejects.toBe(deadlock);
    expect(calls).toBe(3);
    const overlap = Object.assign(new Error('overlap'), { code: PG_ERRORS.exclusionViolation });
    calls = 0;
    await expect(retryOnDeadlock(async () => {
      calls += 1;
      throw overlap;
    })).rejects.toBe(overlap);
    expect(calls).toBe(1);
  });
});
