import { useId, useState, type Ref } from 'react';
import { FaStar } from 'react-icons/fa';
import { i18n } from '../../../lib/i18n';

const SCORES = [1, 2, 3, 4, 5] as const;

export function starsLabel(score: number): string {
  return i18n.t('{count, plural, one {# star} other {# stars}}', { count: score });
}

interface StarInputProps {
  /** The visible label of the group ('Cleanliness'). */
  label: string;
  /** The radios' shared name: unique on the page. */
  name: string;
  /** The score chosen, or undefined before one is. */
  value: number | undefined;
  onChange: (score: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** The first radio's ref (a form library focuses it when the score is missing). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A score of 1 to 5 stars: a labelled group of five native radios, so the keyboard works as everywhere (Tab into
 * the group, arrows to move the choice) and a screen reader says '3 stars, 3 of 5'. The stars drawn fill up to the
 * choice, or up to the star under the pointer.
 */
export function StarInput({ label, name, value, onChange, onBlur, error, inputRef }: StarInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const noteId = `${id}-note`;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <div className="flex flex-col gap-1">
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? noteId : undefined}
        className="flex flex-wrap items-center gap-x-4 gap-y-1"
      >
        <span id={labelId} className="w-36 text-sm font-medium text-neutral-800">
          {label}
        </span>
        <span className="flex" onMouseLeave={() => setHovered(null)}>
          {SCORES.map((score) => (
            <label key={score} className="relative cursor-pointer p-0.5" onMouseEnter={() => setHovered(score)}>
              <input
                ref={score === 1 ? inputRef : undefined}
                type="radio"
                name={name}
                value={score}
                checked={value === score}
                onChange={() => onChange(score)}
                onBlur={onBlur}
                // On the radios, not the group: the form takes the keyboard to the first invalid control.
                aria-invalid={error ? true : undefined}
                // Transparent over its star, so a click or a tap on the star lands on the radio itself.
                className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0"
              />
              <FaStar
                aria-hidden="true"
                size={24}
                className={`rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-500 ${
                  score <= shown ? 'text-amber-500' : 'text-neutral-300'
                }`}
              />
              <span className="sr-only">{starsLabel(score)}</span>
            </label>
          ))}
        </span>
      </div>
      {error && (
        <p id={noteId} className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
