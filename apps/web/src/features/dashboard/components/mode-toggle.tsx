import type { DashboardMode } from '../hooks/use-dashboard-mode';
import { i18n } from '../../../lib/i18n';

interface ModeToggleProps {
  mode: DashboardMode;
  onToggle: () => void;
}

/**
 * The host's Guest/Host switch. The button names what it does ('Switch to Guest') and shows the
 * mode it switches to, so the visible word is part of its accessible name.
 */
export function ModeToggle({ mode, onToggle }: ModeToggleProps) {
  const target = mode === 'host' ? i18n.t('Guest') : i18n.t('Host');
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 text-sm ring-1 ring-neutral-200">
      <span className="text-neutral-500">
        {i18n.t('Viewing as')} <span className="font-semibold text-neutral-900">{mode === 'host' ? i18n.t('Host') : i18n.t('Guest')}</span>
      </span>
      <button
        type="button"
        onClick={onToggle}
        aria-label={i18n.t('Switch to {mode}', { mode: target })}
        className="rounded-md bg-rose-600 px-4 py-1.5 font-semibold text-white transition hover:bg-rose-700"
      >
        {target}
      </button>
    </div>
  );
}
