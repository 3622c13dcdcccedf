import { PRODUCT_NAME } from '@staybook/domain/product';
import { Link } from 'react-router';
import { i18n } from '../lib/i18n';

const HEIGHTS = {
  regular: 'h-9',
  // The dashboard's small-screen top bar is shorter than the site header.
  small: 'h-8',
} as const;

interface LogoLinkProps {
  size?: keyof typeof HEIGHTS;
  /** Placement only (margins, visibility); the link's look stays the same everywhere. */
  className?: string;
}

/** The logo, linking home: in the site header, above the sign-in cards and in the dashboard. */
export function LogoLink({ size = 'regular', className = '' }: LogoLinkProps) {
  return (
    <Link to="/" aria-label={i18n.t('{product} home', { product: PRODUCT_NAME })} className={`rounded-md ${className}`}>
      <img src="/logo.svg" alt={PRODUCT_NAME} width={160} height={36} className={`${HEIGHTS[size]} w-auto`} />
    </Link>
  );
}
