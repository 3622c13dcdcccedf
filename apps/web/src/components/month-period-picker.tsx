import type { FinanceQuery } from '@staybook/domain/finance';
import type { PeriodErrors } from '../lib/month-period';
import { i18n } from '../lib/i18n';
import { TextField } from './fields';

interface PeriodPickerProps {
  /** The months as typed, checked or not. */
  typed: FinanceQuery;
  errors: PeriodErrors;
  onChange: (typed: FinanceQuery) => void;
}

/** The first and the last month of the figures, each with what is wrong with it under it. */
export function PeriodPicker({ typed, errors, onChange }: PeriodPickerProps) {
  return (
    <fieldset className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
      <legend className="sr-only">{i18n.t('Period')}</legend>
      {(['from', 'to'] as const).map((end) => (
        <TextField
          key={end}
          label={end === 'from' ? i18n.t('From') : i18n.t('To')}
          type="month"
          placeholder="YYYY-MM"
          value={typed[end]}
          error={errors[end]}
          onChange={(event) => onChange({ ...typed, [end]: event.currentTarget.value })}
        />
      ))}
    </fieldset>
  );
}
