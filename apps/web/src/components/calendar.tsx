import { useLayoutEffect, useRef, type HTMLAttributes } from 'react';
import { localDayNames } from '@staybook/domain/dates';
import { activeLocale } from '@staybook/domain/locale';
import { DayPicker, type DayButtonProps, type DayPickerProps } from 'react-day-picker';
import { es } from 'react-day-picker/locale';
import './day-picker.css';
import { i18n } from '../lib/i18n';

/**
 * The app's month calendar: react-day-picker with the app's styles and two of its parts replaced.
 * Every calendar in the app goes through here, so the fixes below hold for all of them.
 */
export function Calendar(props: DayPickerProps) {
  return (
    <DayPicker
      // Month and weekday names in the page's language (decision 062).
      {...(activeLocale() === 'es' ? { locale: es } : {})}
      {...props}
      labels={{ labelDayButton: dayButtonName, ...props.labels }}
      components={{ CaptionLabel: MonthLabel, DayButton: FocusedDayButton, ...props.components }}
    />
  );
}

/**
 * A day button's name begins with the number it shows ('1, Sunday, November 2026, today, selected'): speech
 * input users say what they see, and a name that hides it ('Sunday, November 1st, 2026') fails WCAG 2.5.3.
 */
export function dayButtonName(date: Date, modifiers: { today?: boolean; selected?: boolean }): string {
  const { weekday, month } = localDayNames(date);
  let name = `${date.getDate()}, ${weekday}, ${month} ${date.getFullYear()}`;
  if (modifiers.today) name += i18n.t(', today');
  if (modifiers.selected) name += i18n.t(', selected');
  return name;
}

/**
 * The library marks the month caption role="status"; in this app that role means "still loading" (the Loader),
 * so a page that has finished would never look finished. aria-live still announces month changes.
 */
function MonthLabel({ role: _role, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return <span {...props} />;
}

/**
 * The library's day button moves focus to the day the arrow keys reach in a passive effect. Under Preact those run
 * after the next render, so two quick key presses left two of them queued, each focusing its own day: the focus
 * events set the focused day back and forth for ever and the page stopped answering. Moving focus in the same
 * commit as the render that chose the day keeps the focused day and the DOM's focus in step.
 */
function FocusedDayButton({ day: _day, modifiers, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return <button ref={ref} {...props} />;
}
