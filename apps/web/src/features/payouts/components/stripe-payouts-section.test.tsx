import type { PayoutsPage as PayoutsAnswer } from '@staybook/domain/payouts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { PayoutsPage } from './payouts-page';

const STRIPE_LINK = 'https://connect.stripe.com/setup/e/acct_1Hana/abc123';
const NOTHING = { pendingCents: 0, availableCents: 0, inTransitCents: 0, paidCents: 0 };

/** The Payouts page's answer on a marketplace that pays hosts through Stripe. */
function payoutsAnswer(account: PayoutsAnswer['account'] = null): PayoutsAnswer {
  return { account, setup: 'stripe-onboarding', balances: NOTHING, payouts: [], nextCursor: null };
}

let leftFor: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  // Leaving for Stripe is a whole-page navigation: recorded here instead of made.
  leftFor = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(leftFor);
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** `GET /api/payouts` answers `page`; `POST /api/payouts/stripe-account` answers `setUp()`, by default Stripe's link. */
function stubApi(page: PayoutsAnswer, setUp: () => Response = () => jsonResponse({ url: STRIPE_LINK })) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  stubFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    sent.push({ method, path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (method === 'GET' && url.pathname === '/api/payouts') return jsonResponse(page);
    if (method === 'POST' && url.pathname === '/api/payouts/stripe-account') return setUp();
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  return { setUps: () => sent.filter((s) => s.method === 'POST') };
}

function renderPage() {
  renderWithProviders(
    <>
      <PayoutsPage />
      <Toaster />
    </>,
    { path: '/dashboard/payouts' },
  );
}

const section = (heading: string) => screen.getByRole('heading', { name: heading, level: 2 }).closest('section')!;

describe('PayoutsPage with Stripe', () => {
  it('offers to set up payouts with Stripe, with no bank account form, and sends the host to Stripe’s onboarding', async () => {
    const api = stubApi(payoutsAnswer());
    renderPage();
    await screen.findByRole('heading', { name: 'Set up payouts', level: 2 });
    const setUp = within(section('Set up payouts'));
    expect(setUp.getByText(/Stripe, our payments partner, sends your payouts/)).toBeTruthy();
    expect(setUp.getByText('You will leave StayBook for Stripe, and come back to this page when you are done.')).toBeTruthy();
    expect(screen.queryByLabelText('Account number')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Bank account' })).toBeNull();

    fireEvent.click(setUp.getByRole('button', { name: 'Set up payouts with Stripe' }));
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith(STRIPE_LINK));
    // The page asks; the server decides which Stripe account is the host's.
    expect(api.setUps()).toEqual([{ method: 'POST', path: '/api/payouts/stripe-account', body: {} }]);
    // Busy until the browser has left.
    expect(setUp.getByRole('button', { name: 'Set up payouts with Stripe' }).getAttribute('aria-busy')).toBe('true');
  });

  it('asks a host whose Stripe account is not ready yet to finish, and continues where they left off', async () => {
    const api = stubApi(payoutsAnswer({ holderName: 'Hana Host', last4: null, ready: false }));
    renderPage();
    await screen.findByRole('heading', { name: 'Finish setting up payouts', level: 2 });
    const finish = within(section('Finish setting up payouts'));
    expect(finish.getByText(/Stripe needs a few more details before it can send your payouts/)).toBeTruthy();
    expect(finish.getByText(/your earnings wait safely in your available balance/)).toBeTruthy();
    fireEvent.click(finish.getByRole('button', { name: 'Continue with Stripe' }));
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith(STRIPE_LINK));
    expect(api.setUps()).toHaveLength(1);
  });

  it('says a host is ready for payouts, and where Stripe sends them, offering nothing to set up', async () => {
    stubApi(payoutsAnswer({ holderName: 'Hana Host', last4: '6789', ready: true }));
    renderPage();
    await screen.findByRole('heading', { name: 'Ready for payouts', level: 2 });
    expect(within(section('Ready for payouts')).getByText('Stripe sends your payouts to your bank account ending in 6789.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Stripe/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Set up payouts' })).toBeNull();
  });

  it('says so when Stripe cannot be opened now, stays on the page, and lets the host try again', async () => {
    const message = 'Payouts cannot be set up with Stripe just now. Please try again in a few minutes.';
    let calls = 0;
    stubApi(payoutsAnswer(), () => (++calls === 1 ? jsonResponse({ error: { code: 'INTERNAL', message } }, 503) : jsonResponse({ url: STRIPE_LINK })));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up payouts with Stripe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(leftFor).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Set up payouts with Stripe' });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith(STRIPE_LINK));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
