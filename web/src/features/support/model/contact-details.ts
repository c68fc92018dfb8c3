/** Fixed support contact details (docs/product.md §2.11). */
export const CONTACT_DETAILS = {
  phone: '+1 (407) 555-0142',
  phoneHref: 'tel:+14075550142',
  email: 'support@fuelportal.app',
  telegramUrl: 'https://t.me/fuelportal_support',
  whatsappUrl: 'https://wa.me/14075550142',
  address: '6900 Tavistock Lakes Blvd, Suite 400, Orlando, FL 32827',
} as const;
