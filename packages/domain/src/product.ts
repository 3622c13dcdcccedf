/** The product's name and the texts every page shares. */
export const PRODUCT_NAME = 'StayBook';
export const HOME_PAGE_TITLE = 'StayBook | Vacation Homes & Condo Rentals';
export const FOOTER_TEXT = '© 2024-2025 StayBook. All rights reserved.';
