interface HeadingProps {
  title: string;
  subtitle?: string;
  center?: boolean;
  /** Level 1 for a page's own title; level 2 for a section or an empty state inside a page. */
  level?: 1 | 2;
}

export function Heading({ title, subtitle, center = false, level = 2 }: HeadingProps) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <div className={center ? 'text-center' : 'text-start'}>
      <Tag className="text-2xl font-bold text-neutral-900">{title}</Tag>
      {subtitle && <p className="mt-2 font-light text-neutral-500">{subtitle}</p>}
    </div>
  );
}
