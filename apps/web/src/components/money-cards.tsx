import { formatMoney } from '@staybook/domain/money';

export type MoneyCard = { label: string; cents: number; explain: string };

const COLUMNS = { 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-2 xl:grid-cols-4' } as const;

/** Amounts of money side by side, each with what it means; an amount below zero in red (the Payouts and Finance pages). */
export function MoneyCards({ cards, columns }: { cards: readonly MoneyCard[]; columns: keyof typeof COLUMNS }) {
  return (
    <ul className={`grid grid-cols-1 gap-4 ${COLUMNS[columns]}`}>
      {cards.map(({ label, cents, explain }) => (
        <li key={label} className="flex flex-col gap-1 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
          <h3 className="text-sm text-neutral-600">{label}</h3>
          <p className={`text-2xl font-semibold ${cents < 0 ? 'text-rose-700' : 'text-neutral-900'}`}>{formatMoney(cents)}</p>
          <p className="text-sm text-neutral-600">{explain}</p>
        </li>
      ))}
    </ul>
  );
}
