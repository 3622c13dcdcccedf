import { SUPPORTED_CURRENCIES } from '@staybook/domain/currencies';
import { intlLocale } from '@staybook/domain/locale';
import { currencyDecimals } from '@staybook/domain/money';
import { useState, type FormEvent } from 'react';
import { Options, SelectField } from '../../../components/fields';
import { FormActions, SubmitButton } from '../../../components/form-actions';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { PageSection } from '../../../components/page-section';
import { errorMessage } from '../../../lib/form-errors';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useMarketplaceCurrency, useUpdateMarketplaceCurrency } from '../api/use-marketplace-currency';

/** The marketplace's currency (decision 061): a choice among those it takes, saved while nothing is booked. */
export function CurrencySection() {
  const currency = useMarketplaceCurrency();
  return (
    <PageSection
      title={i18n.t('Currency')}
      intro={i18n.t('Every price, payment, refund and payout is in this currency. It can change only while the marketplace has no bookings: the amounts on record are in it.')}
    >
      {currency.isPending ? (
        <Loader size="short" />
      ) : currency.data ? (
        <CurrencyForm key={currency.data.currency} current={currency.data.currency} lockedBecause={currency.data.lockedBecause} />
      ) : (
        <LoadError what={i18n.t('The currency')} error={currency.error} onRetry={() => void currency.refetch()} />
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
      notify.success(i18n.t('Currency saved'));
    } catch (error) {
      // A booking made since the page loaded: the server's reason, and the choice stays as chosen.
      notify.error(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-2">
      {lockedBecause && <p className="text-sm font-medium text-amber-800">{i18n.known(lockedBecause)}</p>}
      <div className="max-w-md">
        <SelectField label={i18n.t('Currency')} name="currency" value={chosen} disabled={lockedBecause !== null} onChange={(event) => setChosen(event.currentTarget.value)}>
          <Options values={SUPPORTED_CURRENCIES} label={currencyChoice()} />
        </SelectField>
      </div>
      {lockedBecause === null && (
        <FormActions>
          <SubmitButton pending={update.isPending}>{i18n.t('Save currency')}</SubmitButton>
        </FormActions>
      )}
    </form>
  );
}

/**
 * What the choice says about a currency, in the page's language: 'EUR · Euro', 'JPY · Japanese Yen (no decimals)'
 * ('JPY · yen japonés (sin decimales)').
 */
function currencyChoice(): (code: string) => string {
  const names = new Intl.DisplayNames(intlLocale(), { type: 'currency' });
  return (code) => {
    const name = names.of(code) ?? code;
    return currencyDecimals(code) === 0 ? i18n.t('{code} · {name} (no decimals)', { code, name }) : `${code} · ${name}`;
  };
}

/**
 * The domain's reason the currency cannot change (CURRENCY_LOCKED_MESSAGE, which the server answers in English), for
 * the app's catalog: the page shows it in its language.
 */
export const CURRENCY_LOCKED_TEXT = /*i18n*/ "The currency can't change once the marketplace has bookings";
