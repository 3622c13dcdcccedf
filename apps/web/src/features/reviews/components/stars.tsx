import { FaStar } from 'react-icons/fa';
import { i18n } from '../../../lib/i18n';

/** A score shown as five stars, read as 'Rated 4 out of 5'. */
export function Stars({ score, size = 16 }: { score: number; size?: number }) {
  return (
    <span role="img" aria-label={i18n.t('Rated {score} out of 5', { score })} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <FaStar key={n} aria-hidden="true" size={size} className={n <= score ? 'text-amber-500' : 'text-neutral-300'} />
      ))}
    </span>
  );
}
