import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { CATEGORIES, findCategory, type CategoryLabel } from '@staybook/domain/categories';
import { useId, type Ref } from 'react';
import { LuCheck, LuChevronDown } from 'react-icons/lu';
import { CATEGORY_ICONS } from '../../../components/category-icons';
import { INPUT_CLASS } from '../../../components/fields';
import { i18n } from '../../../lib/i18n';

interface CategoryPickerProps {
  value: CategoryLabel | undefined;
  onChange: (category: CategoryLabel) => void;
  onBlur: () => void;
  error?: string | undefined;
  /** The button, for a form library to focus when no category was chosen. */
  ref?: Ref<HTMLButtonElement>;
}

/** The fifteen categories, each with the icon the home page shows for it. */
export function CategoryPicker({ value, onChange, onBlur, error, ref }: CategoryPickerProps) {
  const errorId = useId();
  const chosen = findCategory(value);
  const ChosenIcon = chosen ? CATEGORY_ICONS[chosen.icon] : null;
  return (
    <Field className="flex flex-col gap-2">
      <Label className="text-sm font-medium text-neutral-800">{i18n.t('Category')}</Label>
      <Listbox as="div" className="relative" value={value ?? null} onChange={(category: CategoryLabel | null) => category && onChange(category)}>
        <ListboxButton
          ref={ref}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${INPUT_CLASS} flex items-center gap-3 text-left`}
        >
          {ChosenIcon && <ChosenIcon size={20} aria-hidden="true" />}
          <span className={`flex-1 ${chosen ? '' : 'text-neutral-500'}`}>{chosen ? i18n.t(chosen.label) : i18n.t('Choose a category')}</span>
          <LuChevronDown size={18} aria-hidden="true" className="text-neutral-500" />
        </ListboxButton>
        {/* Placed under the button by CSS, not anchored (an anchored list goes to a portal outside the page's
            landmarks), and without making the page inert: the page keeps its heading while the list is open. */}
        <ListboxOptions
          modal={false}
          className="absolute top-full right-0 left-0 z-60 mt-1 max-h-72 overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg focus:outline-none"
        >
          {CATEGORIES.map((category) => {
            const Icon = CATEGORY_ICONS[category.icon];
            return (
              <ListboxOption
                key={category.label}
                value={category.label}
                className="group flex cursor-pointer items-center gap-3 px-3 py-2 text-neutral-800 data-focus:bg-rose-50 data-selected:font-semibold"
              >
                <Icon size={20} aria-hidden="true" />
                <span className="flex-1">{i18n.t(category.label)}</span>
                <LuCheck size={16} aria-hidden="true" className="invisible text-rose-600 group-data-selected:visible" />
              </ListboxOption>
            );
          })}
        </ListboxOptions>
      </Listbox>
      <p id={errorId} className="min-h-5 text-sm text-rose-600">
        {error}
      </p>
    </Field>
  );
}
