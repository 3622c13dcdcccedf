import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch';
import { sampleUser } from '../../../testing/samples';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth';
import { SiteLanguagePicker } from './site-language-picker';

let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  document.cookie = 'lang=; path=/; max-age=0';
  reload = vi.fn();
  vi.spyOn(window.location, 'reload').mockImplementation(reload as () => void);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.cookie = 'lang=; path=/; max-age=0';
});

function renderPicker(user: AuthContextValue['user']) {
  const value = { user, loading: false, error: null } as AuthContextValue;
  return render(
    <AuthContext value={value}>
      <SiteLanguagePicker id="footer-language" />
    </AuthContext>,
  );
}

/** Decision 062: a signed-in person's choice is kept on their account as well as on this device. */
describe('the language picker', () => {
  it('saves a signed-in person’s choice on their account, sets the cookie, then reloads the page', async () => {
    const fetch = stubFetch(() => new Response(null, { status: 204 }));
    renderPicker(sampleUser({ id: 'u1' }));

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init = {}] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/me/language');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ locale: 'es' });
    expect(document.cookie).toContain('lang=es');
  });

  it('still switches the language on this device when saving it fails', async () => {
    stubFetch(() => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }), { status: 500 }));
    renderPicker(sampleUser({ id: 'u1' }));

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain('lang=es');
  });

  it('signed out, sets the cookie and reloads without calling the API', async () => {
    const fetch = stubFetch(() => new Response(null, { status: 204 }));
    renderPicker(null);

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetch).not.toHaveBeenCalled();
    expect(document.cookie).toContain('lang=es');
  });
});
