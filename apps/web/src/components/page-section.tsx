import { useId, type ReactNode } from 'react';

interface PageSectionProps {
  title: ReactNode;
  /** A line under the heading saying what the section shows. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * A titled part of a dashboard page: its heading, which names it for screen readers (`aria-labelledby`), a line under
 * it when it needs one, then what it shows.
 */
export function PageSection({ title, intro, children }: PageSectionProps) {
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      {intro ? (
        <div className="flex flex-col gap-1">
          {heading}
          <p className="max-w-3xl text-sm text-neutral-600">{intro}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** What a section says in place of its table while it has nothing to show yet. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-neutral-300 bg-neutral-50 px-6 py-8 text-center text-neutral-600">{children}</p>;
}

/** A dashboard page that opens with a paragraph on what it shows (Finance, Earnings), then its sections. */
export function PageWithIntro({ intro, children }: { intro: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-8">
      <p className="max-w-3xl text-neutral-700">{intro}</p>
      {children}
    </div>
  );
}
