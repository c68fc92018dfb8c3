import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, errorStatus } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { useRequestOverride } from '../model/request-override';
import '@/lib/i18n/texts/transactions';

/**
 * A decline notification's "Request override" (the driver's dashboard, `?requestOverride=ID`, the
 * declined purchase's id): sends the request through the dialog's path (for the card's last
 * declined purchase, as the API takes it), says how it went, and takes the query away so a
 * reload does not repeat it. Renders nothing.
 */
export function OverrideRequestFromUrl() {
  const { t } = useTranslation('transactions');
  const [search, setSearch] = useSearchParams();
  const requestOverride = useRequestOverride();
  const done = useRef<string | null>(null);
  const param = search.get('requestOverride');
  useEffect(() => {
    if (param === null || done.current === param) return;
    done.current = param;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('requestOverride');
        return next;
      },
      { replace: true },
    );
    requestOverride('').catch((error: unknown) => {
      const status = errorStatus(error);
      if (status === 409) notify.error(t('override.conflict'));
      else if (status === 422) notify.error(t('override.noDecline'));
      else notify.error(errorMessage(error, t('override.failed')));
    });
  }, [param, requestOverride, setSearch, t]);
  return null;
}
