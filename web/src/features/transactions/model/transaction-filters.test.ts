import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { nextTransactionsPage } from '../api/transactions-api';
import { scrolledPast } from './scroll';
import { anyFilterSet, clearedFilters, defaultFilters, filtersFromSearch, filtersToSearch, isValidRange, toQuery } from './transaction-filters';

describe('default date range', () => {
  it('runs from one month ago at start of day to the end of today, sent with the viewer’s offset', () => {
    const filters = defaultFilters(dayjs('2026-11-22T15:30:00'));
    expect(toQuery('company', filters)).toEqual({
      scope: 'company',
      searchText: undefined,
      dateFrom: dayjs('2026-10-22').format('YYYY-MM-DD[T00:00:00.000]Z'),
      dateTo: dayjs('2026-11-22').format('YYYY-MM-DD[T23:59:59.999]Z'),
      cardNumber: undefined,
    });
  });
});

describe('toQuery', () => {
  it('sends the trimmed search and the card only for the company list', () => {
    const filters = { searchText: ' pilot ', dateFrom: '', dateTo: '', cardNumber: '7071000000000001234' };
    expect(toQuery('company', filters)).toMatchObject({ searchText: 'pilot', cardNumber: '7071000000000001234' });
    expect(toQuery('driver', filters).cardNumber).toBeUndefined();
  });
});

describe('anyFilterSet', () => {
  it.each([
    ['false when everything is cleared', clearedFilters, false],
    ['true with the default dates', defaultFilters(), true],
    ['true with only a search', { ...clearedFilters, searchText: 'x' }, true],
    ['true with only a card', { ...clearedFilters, cardNumber: '7071' }, true],
  ])('%s', (_name, filters, expected) => {
    expect(anyFilterSet(filters)).toBe(expected);
  });
});

describe('isValidRange', () => {
  it.each([
    ['accepts an end after the start', '2026-11-01', '2026-11-02', true],
    ['accepts the same day', '2026-11-01', '2026-11-01', true],
    ['refuses an end before the start', '2026-11-02', '2026-11-01', false],
    ['accepts a missing end', '2026-11-02', '', true],
  ])('%s', (_name, from, to, expected) => {
    expect(isValidRange(from, to)).toBe(expected);
  });
});

describe('nextTransactionsPage', () => {
  it.each([
    ['asks for page 1 after page 0 of 3', 0, 3, 1],
    ['asks for page 2 after page 1 of 3', 1, 3, 2],
    ['stops after the last page', 2, 3, undefined],
    ['stops when there is a single page', 0, 1, undefined],
    ['stops when there are no pages at all', 0, 0, undefined],
  ])('%s', (_name, number, totalPages, expected) => {
    expect(nextTransactionsPage({ content: [], page: { number, size: 20, totalElements: 0, totalPages } })).toBe(expected);
  });
});

describe('scrolledPast', () => {
  it.each([
    ['not yet at 79%', 690, 100, 1000, false],
    ['past at 80%', 700, 100, 1000, true],
    ['never with no content', 0, 0, 0, false],
  ])('%s', (_name, scrollTop, clientHeight, scrollHeight, expected) => {
    expect(scrolledPast({ scrollTop, clientHeight, scrollHeight })).toBe(expected);
  });
});

describe('filters in the URL', () => {
  const now = dayjs('2026-11-22T15:30:00');
  it('reads absent parameters as the defaults and writes defaults as nothing', () => {
    expect(filtersFromSearch(new URLSearchParams(), now)).toEqual(defaultFilters(now));
    expect(filtersToSearch(defaultFilters(now), undefined, now).toString()).toBe('');
  });
  it('round-trips a search, dates and a card, keeping other parameters', () => {
    const filters = { searchText: 'pilot & co', dateFrom: '2026-01-02', dateTo: '2026-02-03', cardNumber: '7071000000000001234' };
    const params = filtersToSearch(filters, new URLSearchParams('other=1'), now);
    expect(params.get('other')).toBe('1');
    expect(filtersFromSearch(new URLSearchParams(params.toString()), now)).toEqual(filters);
  });
  it('keeps cleared dates cleared rather than back to the default month', () => {
    const params = filtersToSearch(clearedFilters, undefined, now);
    expect(params.toString()).toBe('from=&to=');
    expect(filtersFromSearch(params, now)).toEqual(clearedFilters);
  });
  it('reads a malformed date as its default', () => {
    expect(filtersFromSearch(new URLSearchParams('from=9999-99-99&to=soon'), now)).toMatchObject({
      dateFrom: defaultFilters(now).dateFrom,
      dateTo: defaultFilters(now).dateTo,
    });
  });
});
