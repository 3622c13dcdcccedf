import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fetch';
import type { CardPaymentHandle } from './card-payment';
import { TestCardForm } from './test-card-form';

const fetchMock = vi.fn<typeof fetch>();

const json = (status: number, body: unknown) => jsonResponse(body, status);

function renderForm({ invalid = false } = {}) {
  const ref = createRef<CardPaymentHandle>();
  const onReadyChange = vi.fn();
  render(<TestCardForm ref={ref} onReadyChange={onReadyChange} disabled={false} errorId="card-error" invalid={invalid} />);
  return { ref, onReadyChange };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillCard(number: string, expiry = '12 / 40', cvc = '123') {
  type('Card number', number);
  type('Expiry date', expiry);
  type('CVC', cvc);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the test processor card form', () => {
  it('is ready at once and names the success card in its test-mode note', () => {
    const { onReadyChange } = renderForm();
    expect(onReadyChange).toHaveBeenCalledWith(true);
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeTruthy();
  });

  it('groups the number as it is typed and shows the brand', () => {
    renderForm();
    type('Card number', '4242424242424242');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeTruthy();

    type('Card number', '378282246310005');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('3782 822463 10005');
    expect(screen.getByText('American Express')).toBeTruthy();

    type('Expiry date', '1240');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('12 / 40');
  });

  it('refuses a number failing the Luhn check without sending anything', async () => {
    const { ref } = renderForm();
    fillCard('4242 4242 4242 4241');
    await expect(ref.current!.confirm('pi_1_secret')).resolves.toEqual({ ok: false, message: 'Your card number is invalid.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an expiry date in the past and a short CVC before sending', async () => {
    const { ref } = renderForm();
    fillCard('4242 4242 4242 4242', '01 / 20');
    await expect(ref.current!.confirm('pi_1_secret')).resolves.toEqual({
      ok: false,
      message: "Your card's expiration date is in the past.",
    });
    fillCard('4242 4242 4242 4242', '12 / 40', '12');
    await expect(ref.current!.confirm('pi_1_secret')).resolves.toEqual({
      ok: false,
      message: "Your card's security code is invalid.",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the card to the processor only, and passes its decline on', async () => {
    fetchMock.mockResolvedValueOnce(json(402, { error: { code: 'CARD_DECLINED', message: 'Your card was declined.' } }));
    const { ref } = renderForm();
    fillCard('4000 0000 0000 0002');
    await expect(ref.current!.confirm('pi_1_secret')).resolves.toEqual({ ok: false, message: 'Your card was declined.' });

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/test-processor/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({
      clientSecret: 'pi_1_secret',
      card: { number: '4000000000000002', expMonth: 12, expYear: 2040, cvc: '123' },
    });
  });

  it('answers ok once the processor holds the amount', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 'pi_1', status: 'requires_capture' }));
    const { ref } = renderForm();
    fillCard('4242 4242 4242 4242');
    await expect(ref.current!.confirm('pi_1_secret')).resolves.toEqual({ ok: true });
  });

  it('marks the field a refused card is about when the form shows the message', async () => {
    const { ref } = renderForm({ invalid: true });
    fillCard('4242 4242 4242 4241');
    await act(() => ref.current!.confirm('pi_1_secret'));
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('CVC').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('CVC').getAttribute('aria-describedby')).toBe('card-error');
  });
});
