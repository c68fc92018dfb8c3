import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notifier';
import { sendOrQueue } from '@/lib/outbox/outbox';
import { useAppDispatch } from '@/lib/store';
import '@/lib/i18n/texts/transactions';

/**
 * Asks the fleet owner for an override of the card's rules after its last declined purchase, and
 * says it was sent (or, offline, that it waits on this phone to be sent when the connection is
 * back): the one path of the "Request override" dialog and of a decline notification's "Request
 * override". Rejects with the server's refusal (the caller shows it its way).
 */
export function useRequestOverride() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('transactions');
  return useCallback(
    async (message: string) => {
      const outcome = await dispatch(sendOrQueue('overrideRequest', message ? { message } : {}));
      if (outcome === 'queued') notify.info(t('common:outbox.queued'));
      else notify.success(t('override.sent'));
    },
    [dispatch, t],
  );
}
