import type { StayDetails } from '../integrations/mail/templates.js';

/** A three-night stay with a cleaning fee, as the mail templates' tests write it (recipients without a saved language). */
export const SAMPLE_STAY: StayDetails = {
  bookingId: '5f0c9d3e-0000-4000-8000-000000000009',
  reference: 'SB-7K3Q-9M2D',
  policy: 'flexible',
  title: 'Red cottage',
  location: 'Lisbon, Portugal',
  from: '2030-01-10',
  to: '2030-01-13',
  nights: 3,
  guests: 2,
  lines: [
    { kind: 'nights', nights: 3, unitCents: 100_00, amountCents: 300_00, credit: false },
    { kind: 'cleaning-fee', amountCents: 40_00, credit: false },
  ],
  totalCents: 340_00,
  guest: { name: 'Ana', email: 'ana@example.com' },
  host: { name: 'Rui', email: 'rui@example.com' },
};
