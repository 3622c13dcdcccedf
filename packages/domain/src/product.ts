/** The product's name and the texts every page shares. */
export const PRODUCT_NAME = 'StayBook';
export const HOME_PAGE_TITLE = /*i18n*/ 'StayBook | Vacation Homes & Condo Rentals';

/** A room page's title in the browser's tab and history, as the app sets it and as the server paints it. */
export function roomPageTitle(roomTitle: string): string {
  return `${roomTitle} | ${PRODUCT_NAME}`;
}
export const FOOTER_TEXT = /*i18n*/ '© 2024-2025 StayBook. All rights reserved.';
