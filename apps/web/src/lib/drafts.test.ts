import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, readDraft, writeDraft } from './drafts';

afterEach(() => localStorage.clear());

describe('drafts', () => {
  it("keeps one person's draft of one form, apart from anyone else's and any other form", () => {
    const mine = draftKey('ana', 'add-room');
    writeDraft(mine, { title: 'Loft' });
    writeDraft(draftKey('ana', 'message:1'), 'Hello');
    writeDraft(draftKey('ben', 'add-room'), { title: 'Barn' });
    expect(readDraft(mine)?.values).toEqual({ title: 'Loft' });
    expect(readDraft(draftKey('ben', 'add-room'))?.values).toEqual({ title: 'Barn' });
    clearDraft(mine);
    expect(readDraft(mine)).toBeNull();
    expect(readDraft(draftKey('ana', 'message:1'))?.values).toBe('Hello');
    expect(readDraft(draftKey('ben', 'add-room'))).not.toBeNull();
  });

  it('keeps nothing for nobody, and reads a damaged draft as none', () => {
    expect(draftKey(null, 'add-room')).toBeNull();
    writeDraft(null, { title: 'Lost' });
    expect(localStorage.length).toBe(0);
    const key = draftKey('ana', 'add-room')!;
    localStorage.setItem(key, '{not json');
    expect(readDraft(key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ title: 'no envelope' }));
    expect(readDraft(key)).toBeNull();
  });
});
