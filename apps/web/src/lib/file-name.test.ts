import { describe, expect, it } from 'vitest';
import { shortFileName } from './file-name';

describe('shortFileName', () => {
  it('keeps a name of up to 20 characters as it is', () => {
    expect(shortFileName('lake-house.jpg')).toBe('lake-house.jpg');
    expect(shortFileName('12345678901234567890')).toBe('12345678901234567890');
  });

  it('cuts a longer one to 20 characters, keeping its extension', () => {
    const short = shortFileName('sunset-over-the-lake-house.jpg');
    expect(short).toBe('sunset-over-the….jpg');
    expect([...short]).toHaveLength(20);
    expect(shortFileName('123456789012345678901')).toBe('1234567890123456789…');
  });

  it('cuts a name whose extension is most of it like any other', () => {
    expect(shortFileName('a.averyveryverylongextension')).toBe('a.averyveryverylong…');
  });
});
