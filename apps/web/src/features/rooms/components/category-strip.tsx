import { CATEGORIES, type Category, type CategoryLabel } from '@staybook/domain/categories';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CATEGORY_ICONS } from '../../../components/category-icons';

export function CategoryStrip({ selected }: { selected: CategoryLabel | null }) {
  const navRef = useRef<HTMLElement>(null);

  // On a narrow screen a category opened by its address may sit off to the side: bring it into view.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [selected]);

  return (
    <nav ref={navRef} aria-label="Categories" className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max items-center justify-between gap-6 pt-4 lg:gap-4">
        {CATEGORIES.map((category) => (
          <li key={category.label}>
            <CategoryLink category={category} selected={category.label === selected} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CategoryLink({ category, selected }: { category: Category; selected: boolean }) {
  const Icon = CATEGORY_ICONS[category.icon];
  return (
    <Link
      to={`/?category=${encodeURIComponent(category.label)}`}
      title={category.description}
      aria-current={selected ? 'page' : undefined}
      // The strip scrolls, which clips anything outside it: draw the focus ring inside the link.
      className={`flex flex-col items-center gap-2 rounded-t-md border-b-2 px-2 pt-2 pb-3 transition hover:text-neutral-900 focus-visible:-outline-offset-2 ${
        selected ? 'border-neutral-900 text-neutral-900' : 'border-transparent text-neutral-500 hover:border-neutral-300'
      }`}
    >
      <Icon size={26} aria-hidden="true" />
      <span className="text-sm font-medium whitespace-nowrap">{category.label}</span>
    </Link>
  );
}
