import dayjs from 'dayjs';

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 152.3 — gallons and miles with one decimal. */
export const formatOneDecimal = (value: number): string => oneDecimal.format(value);

/** "Nov 21, 2026, 2:03 PM" for an RFC 3339 time or a zone-less ISO one. */
export const formatDateTime = (iso: string): string => dateTime.format(dayjs(iso).toDate());
