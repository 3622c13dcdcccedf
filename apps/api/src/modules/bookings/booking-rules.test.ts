import { describe, expect, it } from 'vitest';
import { PG_ERRORS } from '../../errors.js';
import { firstFreeNight, retryOnDeadlock } from './bookings.service.js';

describe('firstFreeNight', () => {
  it('skips stays that cover the start, back to back, and ignores stays that ended before it', () => {
    const taken = [
      { from: '2030-01-01', to: '2030-01-03' },
      { from: '2030-01-03', to: '2030-01-05' },
      { from: '2030-01-07', to: '2030-01-09' },
    ];
    expect(firstFreeNight('2030-01-01', '2030-01-10', taken)).toBe('2030-01-05');
    expect(firstFreeNight('2030-01-06', '2030-01-10', taken)).toBe('2030-01-06');
    expect(firstFreeNight('2030-01-07', '2030-01-10', taken)).toBe('2030-01-09');
    expect(firstFreeNight('2030-01-02', '2030-01-05', taken)).toBeNull();
    expect(firstFreeNight('2030-01-10', '2030-01-10', [])).toBeNull();
  });
});

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
