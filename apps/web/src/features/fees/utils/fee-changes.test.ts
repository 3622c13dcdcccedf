import { NO_FEE_RATES } from '@staybook/domain/marketplace-fees';
import { describe, expect, it } from 'vitest';
import { feeChanges } from './fee-changes';

const LATEST = { guestFeeBp: 1_000, hostCommissionBp: 300, setAt: '2026-11-28T12:00:00.000Z', setBy: { name: 'Ada' } };
const EARLIER = { guestFeeBp: 1_250, hostCommissionBp: 0, setAt: '2026-11-20T12:00:00.000Z', setBy: { name: 'Lin' } };

describe('the fee changes', () => {
  it('are none at the start', () => {
    expect(feeChanges({ current: NO_FEE_RATES, history: [] })).toEqual([]);
    expect(feeChanges({ current: NO_FEE_RATES, history: [NO_FEE_RATES] })).toEqual([]);
  });

  it('list the rates in force once, newest first, whether the history holds them or not', () => {
    expect(feeChanges({ current: LATEST, history: [LATEST, EARLIER] })).toEqual([LATEST, EARLIER]);
    expect(feeChanges({ current: LATEST, history: [EARLIER] })).toEqual([LATEST, EARLIER]);
    expect(feeChanges({ current: LATEST, history: [] })).toEqual([LATEST]);
    expect(feeChanges({ current: LATEST, history: [LATEST, EARLIER, NO_FEE_RATES] })).toEqual([LATEST, EARLIER]);
  });
});
