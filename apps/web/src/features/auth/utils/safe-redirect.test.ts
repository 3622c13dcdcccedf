import { describe, expect, it } from 'vitest';
import { pathFromState, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps an in-app path with its search and hash', () => {
    expect(safeRedirectPath('/room/abc?x=1#top')).toBe('/room/abc?x=1#top');
    expect(safeRedirectPath('/')).toBe('/');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    'room/abc',
    '',
    '/\t/evil.example',
    null,
    42,
  ])('answers / for %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});

describe('pathFromState', () => {
  it('joins the guarded location', () => {
    expect(pathFromState({ from: { pathname: '/room/1', search: '?a=b', hash: '' } })).toBe('/room/1?a=b');
  });

  it('answers / for missing or odd state', () => {
    expect(pathFromState(null)).toBe('/');
    expect(pathFromState({ from: '/room/1' })).toBe('/');
    expect(pathFromState({ from: { pathname: '//evil.example' } })).toBe('/');
  });
});
