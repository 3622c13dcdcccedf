import { describe, expect, it } from 'vitest';
import { messageParts } from './i18n';

describe('messageParts', () => {
  it('cuts a message around its marked words, in order', () => {
    expect(messageParts('Sent again with the <0>payout of Oct 3</0>.')).toEqual([
      { text: 'Sent again with the ', mark: null },
      { text: 'payout of Oct 3', mark: 0 },
      { text: '.', mark: null },
    ]);
    expect(messageParts('<1>Una</1> y <0>otra</0>')).toEqual([
      { text: 'Una', mark: 1 },
      { text: ' y ', mark: null },
      { text: 'otra', mark: 0 },
    ]);
    expect(messageParts('Nothing marked')).toEqual([{ text: 'Nothing marked', mark: null }]);
  });
});
