import { cleanup, fireEvent, screen } from '@testing-library/react';
import { setActiveLocale } from '@staybook/domain/locale';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleBooking } from '../../../testing/samples';
import '../../../locales/es/catalog';
import { AnswerRequestDialog, WithdrawRequestDialog } from './request-dialogs';

afterEach(() => {
  setActiveLocale('en');
  cleanup();
  vi.unstubAllGlobals();
});

const REQUEST = sampleBooking({ status: 'requested', request: { expiresAt: '2027-03-01T20:00:00.000Z', answer: null, answeredAt: null, message: null } });

describe("a request's dialogs in the page's language", () => {
  it('asks the host to accept, with the stay, the guest and the amount, in English as before', () => {
    renderWithProviders(<AnswerRequestDialog booking={REQUEST} answer="accept" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Accept this request?' })).toBeTruthy();
    expect(screen.getByText('Cabin by the lake, Mar 2, 2027 – Mar 4, 2027, 2 guests')).toBeTruthy();
    expect(screen.getByText("Gus Guest's card is charged $246.90 and the stay is booked.")).toBeTruthy();
    expect(screen.getByLabelText('Message to the guest (optional)')).toBeTruthy();
  });

  it('asks the host to decline, and the guest to withdraw, in Spanish on a Spanish page', () => {
    window.untranslatedMessages = [];
    setActiveLocale('es');
    renderWithProviders(<AnswerRequestDialog booking={REQUEST} answer="decline" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: '¿Rechazar esta solicitud?' })).toBeTruthy();
    expect(screen.getByText('Cabin by the lake, 2 mar 2027 – 4 mar 2027, 2 huéspedes')).toBeTruthy();
    expect(
      screen.getByText('Se libera la retención en la tarjeta de Gus Guest y las noches vuelven a estar libres. Se le avisa por correo electrónico.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ahora no' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeTruthy();
    cleanup();
    renderWithProviders(<WithdrawRequestDialog booking={REQUEST} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: '¿Retirar esta solicitud?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mantener la solicitud' })).toBeTruthy();
    expect(window.untranslatedMessages).toEqual([]);
  });
});

describe("a request's dialog acting", () => {
  it('says a refused answer in the dialog and stays open, then closes once the answer goes through', async () => {
    const answers = [
      jsonResponse({ error: { code: 'conflict', message: 'This request expired before it was answered.' } }, 409),
      jsonResponse({ ...REQUEST, status: 'confirmed' }),
    ];
    const fetch = stubFetch(() => answers.shift()!);
    const onClose = vi.fn();
    renderWithProviders(<AnswerRequestDialog booking={REQUEST} answer="accept" onClose={onClose} />);

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This request expired before it was answered.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Accept this request?' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([`/api/booking/${REQUEST._id}/accept`, `/api/booking/${REQUEST._id}/accept`]);
  });
});
