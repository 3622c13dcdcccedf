import { Link } from 'react-router';
import { buttonClass } from './button';

/** What a list shows when it has nothing yet: what will appear there, and where to go to add some. */
export function EmptyState({ title, text, action }: { title: string; text: string; action: { to: string; label: string } }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 bg-neutral-50 px-6 py-16 text-center">
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      <p className="max-w-md text-neutral-600">{text}</p>
      <Link
        to={action.to}
        className={buttonClass('primary', 'mt-2')}
      >
        {action.label}
      </Link>
    </div>
  );
}
