import { describe, expect, it } from 'vitest';
import { answerColumns } from './answer-columns.js';

describe('answerColumns', () => {
  const row = { id: 'a1', name: 'CI', hash: 'secret', createdAt: new Date('2026-12-02T10:00:00.000Z'), usedAt: null as Date | null, uses: 0 };

  it('answers the named columns only, moments as ISO strings and nulls as nulls', () => {
    expect(answerColumns(row, ['id', 'name', 'createdAt', 'usedAt', 'uses'])).toStrictEqual({
      id: 'a1',
      name: 'CI',
      createdAt: '2026-12-02T10:00:00.000Z',
      usedAt: null,
      uses: 0,
    });
  });

  it('answers a moment that is set', () => {
    expect(answerColumns({ ...row, usedAt: new Date('2026-12-03T00:00:00.000Z') }, ['usedAt'])).toStrictEqual({ usedAt: '2026-12-03T00:00:00.000Z' });
  });
});
