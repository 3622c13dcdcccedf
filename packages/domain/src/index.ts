export * from './app-routes.js';
export * from './bookings.js';
export * from './cards.js';
export * from './categories.js';
export * from './dates.js';
export * from './errors.js';
export * from './images.js';
export * from './money.js';
export * from './rooms.js';
export * from './users.js';

export const PRODUCT_NAME = 'StayBook';
export const HOME_PAGE_TITLE = 'StayBook | Vacation Homes & Condo Rentals';
export const FOOTER_TEXT = '© 2024-2025 StayBook. All rights reserved.';
export * from './accounts.js';
export * from './identity.js';
export * from './text.js';
export * from './room-input.js';
