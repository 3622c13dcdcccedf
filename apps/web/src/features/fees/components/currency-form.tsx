import { currencyLabel, SUPPORTED_CURRENCIES } from '@staybook/domain/currencies';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Options, SelectField } from '../../../components/fields';
import { FormActions } from '../../../components/form-actions';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { PageSection } from '../../../components/page-section';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useMarketplaceCurrency, useUpdateMarketplaceCurrency } from '../api/use-marketplace-currency';

const INTRO =
  "Every price, payment, refund and payout is in this currency. It can change only while the marketplace has no bookings: the amounts on record are in it.";

/** The marketplace's currency (decision 061): a choice among those it takes, saved while nothing is booked. */
export function CurrencySection() {
  const currency = useMarketplaceCurrency();
  return (
    <PageSection headingId="currency-heading" title="Currency" intro={INTRO}>
      {currency.isPending ? (
        <Loader size="short" />
      ) : currency.data ? (
        <CurrencyForm key={currency.data.currency} current={currency.data.currency} lockedBecause={currency.data.lockedBecause} />
      ) : (
        <LoadError what="The currency" error={currency.error} onRetry={() => void currency.refetch()} />
      )}
    </PageSection>
  );
}

function CurrencyForm({ current, lockedBecause }: { current: string; lockedBecause: string | null }) {
  const update = useUpdateMarketplaceCurrency();
  const [chosen, setChosen] = useState(current);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync(chosen);
      notify.success('Currency saved');
    } catch (error) {
      // A booking made since the page loaded: the server's reason, and the choice stays as chosen.
      notify.error(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-2">
      {lockedBecause && <p className="text-sm font-medium text-amber-800">{lockedBecause}</p>}
      <div className="max-w-md">
        <SelectField label="Currency" name="currency" value={chosen} disabled={lockedBecause !== null} onChange={(event) => setChosen(event.currentTarget.value)}>
          <Options values={SUPPORTED_CURRENCIES} label={currencyLabel} />
        </SelectField>
      </div>
      {lockedBecause === null && (
        <FormActions>
          <Button type="submit" className="sm:min-w-48" pending={update.isPending}>
            Save currency
          </Button>
        </FormActions>
      )}
    </form>
  );
}
