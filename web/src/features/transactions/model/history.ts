/** The history state of a purchase opened from the list: its Back returns to the list as it was. */
export const FROM_LIST = { fromTransactionList: true } as const;

/** Whether a detail page's history state says it was opened from the list. */
export const openedFromList = (state: unknown) => (state as Partial<typeof FROM_LIST> | null)?.fromTransactionList === true;
