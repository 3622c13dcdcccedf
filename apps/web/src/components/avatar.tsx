import { imageAtWidth } from '@staybook/domain/images';

const DEFAULT_AVATAR = '/default-avatar.svg';

interface AvatarProps {
  /** Null when the person has no photo: the default avatar is shown instead. */
  src: string | null;
  /** Empty when a labelled control around the avatar already names it. */
  alt: string;
  size?: number;
}

export function Avatar({ src, alt, size = 30 }: AvatarProps) {
  return (
    <img
      // Twice the slot's width keeps the photo sharp on high-density screens.
      src={src ? imageAtWidth(src, size * 2) : DEFAULT_AVATAR}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      // Google serves profile photos only to requests that do not name the referring page.
      referrerPolicy="no-referrer"
      className="shrink-0 rounded-full bg-neutral-200 object-cover"
      style={{ width: size, height: size }}
    />
  );
}
