import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/pwa/use-online';
import { savedTimeText } from '@/lib/pwa/saved-time';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { flushOutbox, userOfToken } from './outbox';
import { dismissed, selectOutboxItems, type OutboxItem } from './outbox-slice';

/** A sent item shows this long, then goes. */
export const SENT_SHOWN_MS = 10_000;
/** While items wait and the device says it is online, sending is tried again this often. */
export const RETRY_MS = 30_000;

function ItemAlert({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = item.status === 'sending' ? 'waiting' : item.status;
  const text = t(`outbox.${item.kind}.${status}`, {
    time: savedTimeText(item.createdAt),
    miles: typeof item.body.odometer === 'number' ? item.body.odometer.toLocaleString() : '',
    reason: item.error ?? '',
  });
  useEffect(() => {
    if (item.status !== 'sent') return undefined;
    const timer = window.setTimeout(() => dispatch(dismissed(item.id)), SENT_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, item.id, item.status]);
  return (
    <Alert
      severity={status === 'waiting' ? 'info' : status === 'sent' ? 'success' : 'error'}
      data-testid="outbox-item"
      data-status={status}
      data-kind={item.kind}
      sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      action={
        status === 'waiting' ? undefined : (
          <Button color="inherit" size="small" onClick={() => dispatch(dismissed(item.id))}>
            {t('outbox.dismiss')}
          </Button>
        )
      }
    >
      {text}
    </Alert>
  );
}

/**
 * What the signed-in user sent while offline (docs/decisions.md, Offline): each item waiting,
 * sent or refused, on top of every page; and the sending itself, when the app starts, when the
 * connection comes back and every RETRY_MS while items wait.
 */
export function OutboxList() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const online = useOnline();
  const token = useAppSelector((state) => state.auth.token);
  const userId = userOfToken(token);
  const all = useAppSelector(selectOutboxItems);
  const items = useMemo(() => all.filter((item) => item.userId === userId), [all, userId]);
  const waiting = items.some((item) => item.status === 'waiting');

  useEffect(() => {
    if (!online || !waiting) return undefined;
    const send = () => void dispatch(flushOutbox(t('outbox.failedFallback')));
    send();
    const timer = window.setInterval(send, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [dispatch, online, waiting, userId, t]);

  if (!items.length) return null;
  return (
    <Stack spacing={0.5} role="status" aria-label={t('outbox.label')} data-testid="outbox" sx={{ px: { xs: 1, sm: 2 }, pt: 1 }}>
      {items.map((item) => (
        <ItemAlert key={item.id} item={item} />
      ))}
    </Stack>
  );
}
