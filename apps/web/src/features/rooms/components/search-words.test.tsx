import { cleanup, render, screen } from '@testing-library/react';
import { FLEXIBLE_STAY_LABELS, flexibleSummary } from '@staybook/domain/flexible-stays';
import { i18n, setActiveLocale, withLocale } from '@staybook/domain/locale';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../locales/es/catalog';
import { AmenitiesPanel } from './amenities-panel';
import { SearchSheet } from './search-sheet';
import { draftOf, searchOfDraft } from '../utils/search-draft';
import { describeImageProblem } from '../../uploads/api/upload-image';

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

  it("asks for a flexible search's missing half, and names a chosen picture's problem, in Spanish", () => {
    const now = new Date('2030-01-10T12:00:00Z');
    const flexible = { ...draftOf({}), flexible: true, stay: 'weekend' as const, months: ['2030-03'] };
    expect(withLocale('es', () => searchOfDraft({ ...flexible, months: [] }, undefined, now))).toEqual({ errors: { months: 'Elige al menos un mes' } });
    expect(withLocale('es', () => searchOfDraft({ ...flexible, stay: undefined }, undefined, now))).toEqual({ errors: { stay: 'Elige un fin de semana, una semana o un mes' } });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    expect(withLocale('es', () => [describeImageProblem(null), describeImageProblem(new File(['x'], 'a.txt', { type: 'text/plain' })), describeImageProblem(big)])).toEqual([
      'Selecciona una imagen',
      'Elige un archivo de imagen',
      'La imagen debe ocupar 5 MB o menos',
    ]);
    expect(withLocale('en', () => describeImageProblem(big))).toBe('The image must be 5 MB or smaller');
  });
});
