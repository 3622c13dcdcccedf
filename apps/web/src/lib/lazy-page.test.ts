import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const MARKER = 'staybook:reloaded-for-new-version';

/** The module as a new page of the tab starts it, at `pathname`, with the tab's storage as it is. */
async function openPage(pathname: string) {
  history.replaceState(null, '', pathname);
  vi.resetModules();
  return import('./lazy-page');
}

const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const present = () => Promise.resolve({ ok: true });
/** Whether a promise has settled by the time the tasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('loading code a deploy has removed (loadOrReload)', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.spyOn(location, 'reload').mockImplementation(() => {});
    assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads the page afresh once, and the fresh page shows the error when the code is still missing', async () => {
    const first = await openPage('/dashboard');
    expect(await settled(first.loadOrReload(missing))).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    const fresh = await openPage('/dashboard');
    await expect(fresh.loadOrReload(missing)).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('goes to the address a navigation was headed for when the code for it is missing', async () => {
    const home = await openPage('/');
    expect(await settled(home.loadOrReload(missing, '/dashboard'))).toBe(false);
    expect(assign).toHaveBeenCalledWith('/dashboard');
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks once however many pieces fail before the page goes, and other pieces loading fine change nothing', async () => {
    const first = await openPage('/dashboard');
    void first.loadOrReload(missing);
    await first.loadOrReload(present);
    void first.loadOrReload(missing);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(1);

    // On the fresh page, a piece that loads before the missing one does not make it forget what it was loaded for.
    const fresh = await openPage('/dashboard');
    await expect(fresh.loadOrReload(present)).resolves.toEqual({ ok: true });
    await expect(fresh.loadOrReload(missing)).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('loads afresh again for the next deploy, on a later page of the tab', async () => {
    const first = await openPage('/dashboard');
    void first.loadOrReload(missing);
    const fresh = await openPage('/dashboard');
    await fresh.loadOrReload(present);
    expect(sessionStorage.getItem(MARKER)).toBeNull();

    const later = await openPage('/dashboard');
    expect(await settled(later.loadOrReload(missing))).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('shows the error rather than load afresh when the tab keeps no storage (it could not tell the fresh page)', async () => {
    vi.spyOn(sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const page = await openPage('/dashboard');
    await expect(page.loadOrReload(missing)).rejects.toThrow('Failed to fetch');
    expect(reload).not.toHaveBeenCalled();
  });
});
