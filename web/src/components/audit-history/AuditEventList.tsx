import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateYearTime } from '@/lib/format';
import type { AuditEvent } from './audit-api';
import '@/lib/i18n/texts/audit';

/** A field's value as the trail shows it. */
const shown = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Audit rows, newest first: when, who (and their role), what, and each changed field before → after. */
export function AuditEventList({ events, label }: { events: AuditEvent[]; label: string }) {
  const { t } = useTranslation('audit');
  return (
    <Box component="ul" aria-label={label} sx={{ p: 0, m: 0 }}>
      {events.map((e) => {
        const fields = [...new Set([...Object.keys(e.before), ...Object.keys(e.after)])];
        return (
          <Box component="li" key={e.id} data-testid="audit-row" sx={{ listStyle: 'none', py: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{t(`kinds.${e.kind}`, { defaultValue: e.kind })}</Typography>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('row.by', { at: formatDateYearTime(e.at), who: e.actorEmail || t('row.api'), role: t(`roles.${e.actorRole}`, { defaultValue: e.actorRole }) })}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('row.object', { type: t(`objects.${e.objectType}`, { defaultValue: e.objectType }), id: e.objectId })}
            </Typography>
            {fields.map((f) => (
              <Typography key={f} variant="body2" data-testid="audit-change" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                {f}: {shown(e.before[f])} → {shown(e.after[f])}
              </Typography>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
