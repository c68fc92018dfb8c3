import { viewerTime } from '@/lib/format';

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 152.3 — gallons and miles with one decimal. */
export const formatOneDecimal = (value: number): string => oneDecimal.format(value);

/** "Nov 21, 2026, 2:03 PM" in the viewer's zone for an instant from the API. */
export const formatDateTime = (iso: string): string => dateTime.format(viewerTime(iso).toDate());
