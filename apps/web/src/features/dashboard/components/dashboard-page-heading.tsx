export function DashboardPageHeading({ title }: { title: string }) {
  return <h1 className="text-2xl font-bold text-neutral-900">{title}</h1>;
}
