import { cleanup, screen } from '@testing-library/react';
import { setActiveLocale } from '@staybook/domain/locale';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/providers';
import { sampleBooking } from '../../../testing/samples';
import '../../../locales/es/catalog';
import { AnswerRequestDialog, WithdrawRequestDialog } from './request-dialogs';

afterEach(() => {
  setActiveLocale('en');
  cleanup();
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
