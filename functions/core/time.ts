// The product's home time zone: usage months, scheduled jobs and dates in e-mails follow the
// calendar in France, whatever the server's clock zone.
export const PRODUCT_TIME_ZONE = 'Europe/Paris';
