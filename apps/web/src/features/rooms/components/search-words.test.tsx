import { cleanup, render, screen } from '@testing-library/react';
import { FLEXIBLE_STAY_LABELS, flexibleSummary } from '@staybook/domain/flexible-stays';
import { i18n, setActiveLocale, withLocale } from '@staybook/domain/locale';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../locales/es/catalog';
import { AmenitiesPanel } from './amenities-panel';
import { SearchSheet } from './search-sheet';

afterEach(() => {
  setActiveLocale('en');
  cleanup();
});

describe("the search's words in the page's language", () => {
  it('names a flexible stay and its months in Spanish on a Spanish page, and as before in English', () => {
    expect(withLocale('es', () => flexibleSummary('weekend', ['2027-03']))).toBe('Un fin de semana en marzo');
    expect(withLocale('es', () => flexibleSummary('week', ['2027-04', '2027-03']))).toBe('Una semana en marzo o abril');
    expect(withLocale('es', () => flexibleSummary('month', ['2027-03', '2027-04', '2027-05']))).toBe('Un mes en marzo, abril o mayo');
    expect(withLocale('en', () => flexibleSummary('month', ['2027-03', '2027-04', '2027-05']))).toBe('A month in March, April or May');
    expect(withLocale('es', () => Object.values(FLEXIBLE_STAY_LABELS).map((label) => i18n.known(label)))).toEqual(['Un fin de semana', 'Una semana', 'Un mes']);
  });

  it("writes the amenities panel and the phone's search sheet in Spanish", () => {
    window.untranslatedMessages = [];
    setActiveLocale('es');
    render(<AmenitiesPanel value={[]} onChange={() => {}} onDone={() => {}} />);
    expect(screen.getByText('Alojamientos con todos los servicios que marques.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar servicios' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hecho' })).toBeTruthy();
    cleanup();
    render(<SearchSheet search={{}} onSearch={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: '¿A dónde?' })).toBeTruthy();
    expect(screen.getByText('Busca alojamientos por lugar, fechas, huéspedes y precio.')).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Buscar alojamiento' })).toBeTruthy();
    expect(window.untranslatedMessages).toEqual([]);
  });
});
