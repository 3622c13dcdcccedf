import { DashboardPageHeading } from './dashboard-page-heading';

/** Stands in for a dashboard page that a later release fills in; its route and guard are already real. */
export function ComingSoonPanel({ title }: { title: string }) {
  return (
    <section>
      <DashboardPageHeading title={title} />
      <div className="mt-6 rounded-xl border border-dashed border-neutral-300 bg-neutral-50 px-6 py-16 text-center">
        <p className="text-neutral-600">This section is coming soon.</p>
      </div>
    </section>
  );
}
