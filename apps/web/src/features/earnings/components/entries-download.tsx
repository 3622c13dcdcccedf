import { todayIso } from '@staybook/domain/dates';
import { earningsEntriesQuerySchema, type EarningsEntriesQuery } from '@staybook/domain/earnings';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { earningsCsvUrl } from '../api/earnings-api';
import { PageSection } from '../../../components/page-section';
import { i18n } from '../../../lib/i18n';

type RangeErrors = Partial<Record<keyof EarningsEntriesQuery, string>>;

const FIELDS = [
  { key: 'from', label: () => i18n.t('First day') },
  { key: 'to', label: () => i18n.t('Last day') },
] as const;

/** The range as typed, checked as the API checks it: the range, or the first message for each field that is wrong. */
function checkRange(typed: EarningsEntriesQuery): { range: EarningsEntriesQuery } | { errors: RangeErrors } {
  const checked = earningsEntriesQuerySchema.safeParse(typed);
  if (checked.success) return { range: checked.data };
  const errors: RangeErrors = {};
  for (const { path, message } of checked.error.issues) {
    const field = FIELDS.find(({ key }) => key === path[0])?.key;
    if (field) errors[field] ??= message;
  }
  return { errors };
}

/** This year so far (UTC days, as the ledger's): what a host's accountant asks for first. */
function yearToDate(now: Date = new Date()): EarningsEntriesQuery {
  const today = todayIso(now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/**
 * The host's ledger entries from one day to another as a CSV file, a row each, for an accountant or a spreadsheet.
 * The link downloads exactly the days shown; days that do not hold together say why under their field instead.
 */
export function EntriesDownload() {
  const [typed, setTyped] = useState(yearToDate);
  const checked = checkRange(typed);
  return (
    <PageSection
      title={i18n.t('Download your entries')}
      intro={i18n.t('Every movement of your money from the first day to the last, a row each, as a CSV file for your accountant or a spreadsheet: stays paid for, refunds, shares released and payouts. Days are UTC days, at most a year at a time.')}
    >
      <div className="flex flex-col gap-x-4 sm:flex-row sm:items-start">
        <fieldset className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <legend className="sr-only">{i18n.t('Days')}</legend>
          {FIELDS.map(({ key, label }) => (
            <TextField
              key={key}
              label={label()}
              type="date"
              value={typed[key]}
              error={'errors' in checked ? checked.errors[key] : undefined}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setTyped((before) => ({ ...before, [key]: value }));
              }}
            />
          ))}
        </fieldset>
        {'range' in checked ? (
          <a href={earningsCsvUrl(checked.range)} download className={buttonClass('outline', 'self-start sm:mt-7')}>
            {i18n.t('Download CSV')}
          </a>
        ) : (
          <Button variant="outline" className="self-start sm:mt-7" disabled>
            {i18n.t('Download CSV')}
          </Button>
        )}
      </div>
    </PageSection>
  );
}
