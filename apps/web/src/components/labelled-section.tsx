import { useId, type ReactNode } from 'react';

interface LabelledSectionProps {
  title: ReactNode;
  /** 2 for a part of a page, 3 for a part of a dialog (whose own title is an h2). */
  level?: 2 | 3;
  className: string;
  titleClassName: string;
  children: ReactNode;
}

/**
 * A section named by its heading for screen readers (`aria-labelledby`, with an id made here, so two on a page never
 * share one): the heading, then what the section holds. Their looks are the caller's.
 */
export function LabelledSection({ title, level = 2, className, titleClassName, children }: LabelledSectionProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
