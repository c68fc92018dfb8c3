import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateYearTime, formatDollars } from '@/lib/format';
import type { AuditEvent } from './audit-api';
import '@/lib/i18n/texts/audit';

/** A plain JSON object (not an array, not null). */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The changed fields of a row as dotted paths with their values before and after: an object on
 * either side (a card's `rules`) is opened into its own fields (`rules.maxGallons`), of which only
 * the changed ones are kept.
 */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ''): { path: string; before: unknown; after: unknown }[] {
  const rows: { path: string; before: unknown; after: unknown }[] = [];
  for (const name of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
    const b = before[name];
    const a = after[name];
    const path = prefix + name;
    if ((isRecord(b) || isRecord(a)) && (isRecord(b) || b == null) && (isRecord(a) || a == null)) {
      rows.push(...changedFields(isRecord(b) ? b : {}, isRecord(a) ? a : {}, `${path}.`));
    } else if (JSON.stringify(b) !== JSON.stringify(a) || !prefix) {
      rows.push({ path, before: b, after: a });
    }
  }
  return rows;
}

/** A field name without a label, made readable: `maxGallons`, `max_gallons` → "Max gallons". */
function readableName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields whose values are dollars (a card's or the company's limits, as the API writes them). */
const DOLLAR_FIELDS = new Set(['perPurchaseLimit', 'dailyLimit', 'weeklyLimit', 'monthlyBudget']);

/** A field's value as the trail shows it: dollars written as money, an object as its JSON. */
const shown = (path: string, v: unknown) =>
  v === undefined || v === null || v === ''
    ? '—'
    : typeof v === 'number' && DOLLAR_FIELDS.has(path.split('.').at(-1)!)
      ? formatDollars(v)
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** Audit rows, newest first: when, who (and their role), what, and each changed field before → after. */
export function AuditEventList({ events, label }: { events: AuditEvent[]; label: string }) {
  const { t } = useTranslation('audit');
  // Each part of a path by its label (the locales' audit `fields`), else its name made readable.
  const fieldLabel = (path: string) =>
    path
      .split('.')
      .map((part) => t(`fields.${part}`, { defaultValue: readableName(part) }))
      .join(' › ');
  return (
    <Box component="ul" aria-label={label} sx={{ p: 0, m: 0 }}>
      {events.map((e) => {
        const fields = changedFields(e.before, e.after);
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
              <Typography key={f.path} variant="body2" data-testid="audit-change" data-field={f.path} sx={{ overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ fontWeight: 600 }}>{fieldLabel(f.path)}</Box>:{' '}
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {shown(f.path, f.before)} → {shown(f.path, f.after)}
                </Box>
              </Typography>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
