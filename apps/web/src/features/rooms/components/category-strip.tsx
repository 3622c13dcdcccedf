import { CATEGORIES, type CategoryLabel } from '@staybook/domain/categories';
import type { RoomSearch } from '@staybook/domain/search';
import { useEffect, useRef } from 'react';
import type { IconType } from 'react-icons';
import { TbLayoutGrid } from 'react-icons/tb';
import { Link } from 'react-router';
import { CATEGORY_ICONS } from '../../../components/category-icons';
import { searchPath } from '../hooks/use-room-search';
import { i18n } from '../../../lib/i18n';

interface CategoryStripProps {
  /** The search in the address: each category keeps the rest of it. */
  search: RoomSearch;
  /** The address names a category the strip does not have: none of the entries is the current one. */
  unknownCategory?: boolean;
}

/** The spec's fifteen categories, after 'All', which lets go of the category and keeps the rest of the search. */
export function CategoryStrip({ search, unknownCategory = false }: CategoryStripProps) {
  const navRef = useRef<HTMLElement>(null);
  const selected = search.category ?? null;

  // On a narrow screen a category opened by its address may sit off to the side: bring it into view.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [selected]);

  return (
    <nav ref={navRef} aria-label={i18n.t('Categories')} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max items-center justify-between gap-6 pt-4 lg:gap-2">
        <li>
          <CategoryLink
            label={/*i18n*/ 'All'}
            description={/*i18n*/ 'Stays in every category'}
            Icon={TbLayoutGrid}
            to={searchPath({ ...search, category: undefined })}
            selected={selected === null && !unknownCategory}
          />
        </li>
        {CATEGORIES.map((category) => (
          <li key={category.label}>
            <CategoryLink
              label={category.label}
              description={category.description}
              Icon={CATEGORY_ICONS[category.icon]}
              to={searchPath({ ...search, category: category.label })}
              selected={category.label === selected}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface CategoryLinkProps {
  label: CategoryLabel | 'All';
  description: string;
  Icon: IconType;
  to: string;
  selected: boolean;
}

function CategoryLink({ label, description, Icon, to, selected }: CategoryLinkProps) {
  return (
    <Link
      to={to}
      title={i18n.t(description)}
      aria-current={selected ? 'page' : undefined}
      // The strip scrolls, which clips anything outside it: draw the focus ring inside the link.
      className={`flex flex-col items-center gap-2 rounded-t-md border-b-2 px-2 pt-2 pb-3 transition hover:text-neutral-900 focus-visible:-outline-offset-2 ${
        selected ? 'border-neutral-900 text-neutral-900' : 'border-transparent text-neutral-500 hover:border-neutral-300'
      }`}
    >
      <Icon size={26} aria-hidden="true" />
      <span className="text-sm font-medium whitespace-nowrap">{i18n.t(label)}</span>
    </Link>
  );
}
