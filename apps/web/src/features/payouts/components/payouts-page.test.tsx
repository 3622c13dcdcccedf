import { setActiveLocale } from '@staybook/domain/locale';
import { PAYOUT_FAILURE_MESSAGES, type Payout, type PayoutsPage as PayoutsAnswer } from '@staybook/domain/payouts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import '../../../locales/es/catalog';
import { PayoutsPage } from './payouts-page';

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const NOTHING = { pendingCents: 0, availableCents: 0, inTransitCents: 0, paidCents: 0 };

/** A host who has not added a bank account yet and has never been paid. */
function payoutsAnswer(overrides: Partial<PayoutsAnswer> = {}): PayoutsAnswer {
  return { account: null, setup: 'bank-account', balances: NOTHING, payouts: [], nextCursor: null, ...overrides };
}

const ACCOUNT = { holderName: 'Hana Host', last4: '6789', ready: true };
const GOOD_INPUT = { holderName: 'Hana Host', routingNumber: '110000000', accountNumber: '000123456789' };

function payout(overrides: Partial<Payout> & Pick<Payout, 'id' | 'asOf'>): Payout {
  return { createdAt: `${overrides.asOf}T12:00:00.000Z`, amountCents: 24_690, status: 'paid', failureMessage: null, last4: '6789', ...overrides };
}

interface Sent {
  method: string;
  cursor: string | null;
  body: unknown;
}

/**
 * `GET /api/payouts` answers `pages[cursor]` (the first page without one); `PUT /api/payouts/bank-account` answers
 * `put(body)`, by default the first page with the account saved.
 */
function stubApi({ pages = { '': payoutsAnswer() }, put }: { pages?: Record<string, PayoutsAnswer>; put?: (body: Record<string, unknown>) => Response } = {}) {
  const sent: Sent[] = [];
  stubFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ method, cursor: url.searchParams.get('cursor'), body });
    if (method === 'GET' && url.pathname === '/api/payouts') {
      const page = pages[url.searchParams.get('cursor') ?? ''];
      return page ? jsonResponse(page) : jsonResponse({ error: { code: 'BAD_REQUEST', message: 'No such page.' } }, 400);
    }
    if (method === 'PUT' && url.pathname === '/api/payouts/bank-account' && body) {
      if (put) return put(body);
      return jsonResponse({ ...pages['']!, account: { holderName: body.holderName, last4: String(body.accountNumber).slice(-4), ready: true } });
    }
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  return { saves: () => sent.filter((s) => s.method !== 'GET'), reads: () => sent.filter((s) => s.method === 'GET') };
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

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const fillAccount = (input: typeof GOOD_INPUT) => {
  type('Account holder name', input.holderName);
  type('Routing number', input.routingNumber);
  type('Account number', input.accountNumber);
};
const saveButton = () => screen.queryByRole('button', { name: 'Save bank account' });
const card = (label: string) => screen.getByRole('heading', { name: label, level: 3 }).closest('li')!;
const historyRows = () =>
  within(screen.getByRole('table', { name: 'Payout history' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('PayoutsPage', () => {
  it('asks a host without a bank account for one at once, with the test numbers, and says no payout was made yet', async () => {
    stubApi();
    renderPage();
    expect(await screen.findByText(/Payouts start once you add the bank account/)).toBeTruthy();
    expect(field('Account holder name')).toHaveProperty('value', '');
    expect(field('Routing number')).toHaveProperty('value', '');
    expect(field('Account number')).toHaveProperty('value', '');
    const hint = screen.getByText(/^Test mode:/).textContent;
    expect(hint).toContain('110000000');
    expect(hint).toContain('000123456789 (payouts succeed)');
    expect(hint).toContain('000111111116 (payouts fail)');
    expect(saveButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change bank account' })).toBeNull();
    expect(screen.getByText('No payouts yet. Your first payout is sent the day after your first guest checks in.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Payout history' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('saves the first bank account, says so, and then shows where payouts go instead of the form', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByLabelText('Account holder name');
    fillAccount(GOOD_INPUT);
    fireEvent.click(saveButton()!);

    expect(await screen.findByText('Bank account saved')).toBeTruthy();
    expect(api.saves()).toEqual([{ method: 'PUT', cursor: null, body: GOOD_INPUT }]);
    expect(screen.getByText('Payouts go to Hana Host, account ending in 6789.')).toBeTruthy();
    expect(saveButton()).toBeNull();
    expect(screen.getByRole('button', { name: 'Change bank account' })).toBeTruthy();
  });

  it('shows the account in force, and opens the form only when the host asks to change it', async () => {
    const api = stubApi({ pages: { '': payoutsAnswer({ account: ACCOUNT }) } });
    renderPage();
    expect(await screen.findByText('Payouts go to Hana Host, account ending in 6789.')).toBeTruthy();
    expect(saveButton()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Change bank account' }));
    expect(field('Account holder name')).toHaveProperty('value', 'Hana Host');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(saveButton()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Change bank account' }));
    fillAccount({ holderName: 'Hana H. Host', routingNumber: '110000000', accountNumber: '000111111116' });
    fireEvent.click(saveButton()!);
    expect(await screen.findByText('Payouts go to Hana H. Host, account ending in 1116.')).toBeTruthy();
    expect(screen.getByText('Bank account saved')).toBeTruthy();
    expect(saveButton()).toBeNull();
    expect(api.saves()).toHaveLength(1);
  });

  it('shows the four balances, and a negative available balance as what the next payout pays back', async () => {
    stubApi({ pages: { '': payoutsAnswer({ account: ACCOUNT, balances: { pendingCents: 12_345, availableCents: -4_550, inTransitCents: 10_000, paidCents: 250_000 } }) } });
    renderPage();
    await screen.findByRole('heading', { name: 'Balances' });
    expect(within(card('Pending')).getByText('$123.45')).toBeTruthy();
    expect(within(card('Pending')).getByText('Your share of a stay (and the tax on it) becomes available 24 hours after check-in.')).toBeTruthy();
    expect(within(card('Available')).getByText('-$45.50')).toBeTruthy();
    expect(within(card('Available')).getByText(/refunded after you had been paid.*taken from your next payout/)).toBeTruthy();
    expect(within(card('Available')).queryByText('Paid to your bank account once a day.')).toBeNull();
    expect(within(card('On its way')).getByText('$100')).toBeTruthy();
    expect(within(card('Paid out')).getByText('$2,500')).toBeTruthy();
  });

  it('says a positive available balance is paid once a day', async () => {
    stubApi({ pages: { '': payoutsAnswer({ balances: { ...NOTHING, availableCents: 8_000 } }) } });
    renderPage();
    await screen.findByRole('heading', { name: 'Balances' });
    expect(within(card('Available')).getByText('$80')).toBeTruthy();
    expect(within(card('Available')).getByText('Paid to your bank account once a day.')).toBeTruthy();
  });

  it('lists the payouts newest first with why one failed, and loads older ones on asking', async () => {
    const failed = payout({
      id: 'p2',
      asOf: '2027-03-05',
      amountCents: 10_050,
      status: 'failed',
      failureMessage: 'The bank could not find an account with these details. Please check the account and routing numbers.',
      last4: '1116',
    });
    const api = stubApi({
      pages: {
        '': payoutsAnswer({ account: ACCOUNT, payouts: [payout({ id: 'p3', asOf: '2027-03-06', status: 'sending' }), failed], nextCursor: 'older' }),
        older: payoutsAnswer({ account: ACCOUNT, payouts: [payout({ id: 'p1', asOf: '2027-03-04' })] }),
      },
    });
    renderPage();
    await screen.findByRole('table', { name: 'Payout history' });
    const headers = within(screen.getByRole('table', { name: 'Payout history' })).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Date', 'Amount', 'Status', 'Bank account']);
    expect(historyRows()).toEqual([
      ['Mar 6, 2027', '$246.90', 'On its way', '…6789'],
      ['Mar 5, 2027', '$100.50', `Failed${failed.failureMessage}`, '…1116'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('cell', { name: 'Mar 4, 2027' });
    expect(historyRows().at(-1)).toEqual(['Mar 4, 2027', '$246.90', 'Paid', '…6789']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.reads().map((read) => read.cursor)).toEqual([null, 'older']);
  });

  it('says why a payout failed in the page’s language: the reason the API answers in English, translated', async () => {
    const failed = payout({ id: 'p2', asOf: '2027-03-05', amountCents: 10_050, status: 'failed', failureMessage: PAYOUT_FAILURE_MESSAGES.account_closed, last4: '1116' });
    stubApi({ pages: { '': payoutsAnswer({ account: ACCOUNT, payouts: [failed] }) } });
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderPage();
      const history = await screen.findByRole('table', { name: 'Historial de pagos' });
      const cells = within(within(history).getAllByRole('row')[1]!).getAllByRole('cell');
      expect(cells[2]?.textContent).toContain('La cuenta bancaria se ha cerrado. Añade otra cuenta.');
      expect(cells[2]?.textContent).not.toContain(PAYOUT_FAILURE_MESSAGES.account_closed);
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });

  it('checks the account as the server does, sending nothing while a field is wrong', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByLabelText('Account holder name');
    fillAccount({ holderName: 'Hana Host', routingNumber: '021000021', accountNumber: '12' });
    fireEvent.click(saveButton()!);

    expect(await screen.findByText('In test mode, use the test routing number 110000000')).toBeTruthy();
    expect(screen.getByText('An account number has 4 to 17 digits')).toBeTruthy();
    expect(field('Routing number').getAttribute('aria-invalid')).toBe('true');
    expect(api.saves()).toEqual([]);
  });

  it("shows the server's refusal under the field it names, keeping what was typed", async () => {
    const message = 'In test mode, use one of Stripe’s test account numbers, such as 000123456789';
    const api = stubApi({
      put: () => jsonResponse({ error: { code: 'VALIDATION_FAILED', message: `accountNumber: ${message}`, fields: { accountNumber: message } } }, 400),
    });
    renderPage();
    await screen.findByLabelText('Account holder name');
    fillAccount(GOOD_INPUT);
    fireEvent.click(saveButton()!);

    expect(await screen.findByText(message)).toBeTruthy();
    expect(field('Account number').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Account number'));
    expect(field('Routing number').getAttribute('aria-invalid')).toBeNull();
    expect(field('Account number')).toHaveProperty('value', '000123456789');
    expect(field('Account holder name')).toHaveProperty('value', 'Hana Host');
    expect(api.saves()).toHaveLength(1);
    expect(screen.queryByText('Bank account saved')).toBeNull();
  });

  it('says in a toast when saving is refused for a reason no field shows', async () => {
    const message = 'Payouts here are set up through Stripe. Please use the Stripe setup on the Payouts page.';
    stubApi({ put: () => jsonResponse({ error: { code: 'CONFLICT', message } }, 409) });
    renderPage();
    await screen.findByLabelText('Account holder name');
    fillAccount(GOOD_INPUT);
    fireEvent.click(saveButton()!);

    expect(await screen.findByText(message)).toBeTruthy();
    expect(field('Account number')).toHaveProperty('value', '000123456789');
  });

  it('says when the payouts could not be loaded, and tries again', async () => {
    let calls = 0;
    stubFetch(() => (++calls === 1 ? jsonResponse({ error: { code: 'INTERNAL', message: 'Something broke.' } }, 500) : jsonResponse(payoutsAnswer())));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Your payouts could not be loaded: Something broke.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payouts yet. Your first payout is sent the day after your first guest checks in.')).toBeTruthy();
  });
});
