import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from './accounts.js';
import { nameSchema, profileUpdateSchema, signupSchema } from './identity.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('names', () => {
  it('takes typed text, trimmed, in any script, up to the limit', () => {
    expect(nameSchema.parse('  Zoë Ağaoğlu ')).toBe('Zoë Ağaoğlu');
    expect(nameSchema.parse('山田 太郎')).toBe('山田 太郎');
    expect(nameSchema.parse('👩‍👩‍👧 family')).toBe('👩‍👩‍👧 family');
    expect(nameSchema.parse('x'.repeat(NAME_MAX_LENGTH))).toHaveLength(NAME_MAX_LENGTH);
    expect(messageOf(nameSchema.safeParse('x'.repeat(NAME_MAX_LENGTH + 1)))).toBe(`Name must be at most ${NAME_MAX_LENGTH} characters`);
  });

  it('refuses anything but text', () => {
    for (const value of [null, [], {}, 42, true]) expect(messageOf(nameSchema.safeParse(value)), JSON.stringify(value)).toBe('Name must be text');
    expect(messageOf(profileUpdateSchema.safeParse({}))).toBe('Name is required');
  });

  it('refuses control characters inside a name, line breaks and tabs included', () => {
    for (const name of ['Bell\u0007', 'Esc\u001b[31mRed', 'Two\nLines', 'Tab\there', 'C1\u0085', 'Del\u007f']) {
      expect(messageOf(nameSchema.safeParse(name)), JSON.stringify(name)).toBe('Name contains characters that are not allowed');
    }
    // The forms use the same rule.
    expect(messageOf(signupSchema.safeParse({ name: 'A\u0000B', email: 'a@example.com', password: 'long enough password' }))).toBe(
      'Name contains characters that are not allowed',
    );
    expect(messageOf(profileUpdateSchema.safeParse({ name: 'A\u001bB' }))).toBe('Name contains characters that are not allowed');
    // Surrounding line breaks are only trimmed away.
    expect(nameSchema.parse('\n Ada \t')).toBe('Ada');
  });
});
