import { describe, expect, it } from 'vitest';
import { readStayLink, writeStayLink } from './stay-link';

const read = (query: string) => readStayLink(new URLSearchParams(query));

describe("the stay in a room page's address", () => {
  it('reads the dates and the guest count by the search names', () => {
    expect(read('checkin=2027-03-02&checkout=2027-03-09&guests=3')).toEqual({ checkin: '2027-03-02', checkout: '2027-03-09', guests: 3 });
    expect(read('')).toEqual({});
  });

  it('drops a parameter that does not parse and keeps the others', () => {
    expect(read('checkin=2027-02-30&checkout=2027-03-09&guests=2')).toEqual({ checkout: '2027-03-09', guests: 2 });
    expect(read('checkin=2027-03-02&checkout=soon&guests=0')).toEqual({ checkin: '2027-03-02' });
    for (const guests of ['1.5', 'x', '-1', '', '0', '51']) expect(read(`guests=${guests}`)).toEqual({});
  });

  it('takes a party larger than the search offers, up to the most any room takes', () => {
    expect(read('guests=20')).toEqual({ guests: 20 });
    expect(read('guests=50')).toEqual({ guests: 50 });
  });

  it('writes a whole stay and a count above one, removes them otherwise, and leaves other parameters alone', () => {
    const params = new URLSearchParams('ref=mail&guests=4');
    expect(writeStayLink(params, { from: '2027-03-02', to: '2027-03-09' }, 2).toString()).toBe(
      'ref=mail&guests=2&checkin=2027-03-02&checkout=2027-03-09',
    );
    expect(writeStayLink(new URLSearchParams('checkin=2027-03-02&checkout=2027-03-09&guests=2'), null, 1).toString()).toBe('');
    // The address it was given is not changed.
    expect(params.toString()).toBe('ref=mail&guests=4');
  });

  it('reads back what it writes', () => {
    const written = writeStayLink(new URLSearchParams(), { from: '2027-03-02', to: '2027-03-09' }, 5);
    expect(readStayLink(written)).toEqual({ checkin: '2027-03-02', checkout: '2027-03-09', guests: 5 });
  });
});
