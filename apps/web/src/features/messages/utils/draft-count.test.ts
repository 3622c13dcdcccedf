import { describe, expect, it } from 'vitest';
import { draftCountNote } from './draft-count';

describe('draftCountNote', () => {
  it('says nothing far from the limit, then counts down in characters as the server counts them', () => {
    expect(draftCountNote('Hello')).toBeUndefined();
    expect(draftCountNote('a'.repeat(1799))).toBeUndefined();
    expect(draftCountNote('a'.repeat(1800))).toBe('200 characters left');
    expect(draftCountNote('😀'.repeat(1999))).toBe('1 character left');
    expect(draftCountNote(`  ${'a'.repeat(2000)}  `)).toBe('0 characters left');
    expect(draftCountNote('a'.repeat(2003))).toBe('3 characters too many');
  });
});
