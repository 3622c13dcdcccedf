import { i18n } from '../lib/i18n';

interface LoaderProps {
  /** `tall` fills most of a page while it loads; `short` sits inside a section. */
  size?: 'tall' | 'short';
}

export function Loader({ size = 'tall' }: LoaderProps) {
  return (
    <div
      role="status"
      aria-label={i18n.t('Loading')}
      className={`flex items-center justify-center ${size === 'tall' ? 'h-[70vh]' : 'h-[250px]'}`}
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-rose-100 border-t-rose-500"
      />
    </div>
  );
}
