import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportAuditMutation, useGetAuditEventsQuery, type AuditQuery } from '@/components/audit-history/audit-api';
import { AuditEventList } from '@/components/audit-history/AuditEventList';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/auth';
import { memberName, useGetMembersQuery } from '@/lib/members';
import { notify } from '@/lib/notifier';
import { paths } from '@/lib/paths';
import '@/lib/i18n/texts/audit';

const PAGE_SIZE = 20;
const OBJECT_TYPES = ['card', 'company', 'vehicle', 'trip', 'trip_request', 'override_request', 'driver', 'webhook', 'token', 'payment_method', 'funding', 'ifta_entry', 'ifta_return', 'ifta_rates', 'member', 'invitation', 'group'];

/** /audit, company owners: who changed what in the company, when and from where; filters and a CSV export. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const { can } = usePermissions();
  const [filters, setFilters] = useState<AuditQuery>({});
  const [page, setPage] = useState(0);
  const query = { ...filters, page, size: PAGE_SIZE };
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAuditEventsQuery(query);
  const [exportAudit, exporting] = useExportAuditMutation();
  // The person filter's choices: the company's members, and anyone else seen on the pages read
  // (a removed member, an API caller).
  const members = useGetMembersQuery(undefined, { skip: !can('members.read') });
  const [people, setPeople] = useState<Record<number, string>>({});
  const seen = useMemo(() => {
    const next = { ...people };
    for (const e of data?.content ?? []) if (e.actorId !== null) next[e.actorId] = e.actorEmail || t('row.api');
    return next;
  }, [data, people, t]);
  const choices = useMemo(() => {
    const byId = new Map<number, string>();
    for (const member of members.data ?? []) byId.set(member.id, member.email === memberName(member) ? member.email : `${memberName(member)} · ${member.email}`);
    for (const [id, label] of Object.entries(seen)) if (!byId.has(Number(id))) byId.set(Number(id), label);
    return [...byId].sort(([, a], [, b]) => a.localeCompare(b));
  }, [members.data, seen]);
  const set = (change: Partial<AuditQuery>) => {
    setPeople(seen);
    setFilters((f) => ({ ...f, ...change }));
    setPage(0);
  };
  const pages = Math.ceil((data?.totalElements ?? 0) / PAGE_SIZE);
  return (
    <Page title={t('title')} maxWidth="md" leading={<BackButton to={paths.settings} label={t('back')} />}>
      <Card component="section" aria-labelledby="audit-filters">
        <CardContent>
          <Typography variant="h2" id="audit-filters" sx={{ mb: 1 }}>
            {t('filters.title')}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {t('intro')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 2, flexWrap: 'wrap' }}>
            <TextField select label={t('filters.person')} value={filters.actorId ?? ''} sx={{ minWidth: 200 }}
              onChange={(e) => set({ actorId: e.target.value === '' ? undefined : Number(e.target.value) })}>
              <MenuItem value="">{t('filters.anyone')}</MenuItem>
              {choices.map(([id, label]) => (
                <MenuItem key={id} value={id} sx={{ whiteSpace: 'normal' }}>{label}</MenuItem>
              ))}
            </TextField>
            <TextField select label={t('filters.object')} value={filters.objectType ?? ''} sx={{ minWidth: 200 }}
              onChange={(e) => set({ objectType: e.target.value || undefined, objectId: undefined })}>
              <MenuItem value="">{t('filters.anything')}</MenuItem>
              {OBJECT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>{t(`objects.${type}`)}</MenuItem>
              ))}
            </TextField>
            <TextField label={t('filters.kind')} value={filters.kind ?? ''} onChange={(e) => set({ kind: e.target.value.trim() || undefined })}
              slotProps={{ htmlInput: { maxLength: 64 } }} />
            <TextField type="date" label={t('filters.from')} value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true } }} />
            <TextField type="date" label={t('filters.to')} value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
          <Button sx={{ mt: 2 }} variant="outlined" startIcon={<DownloadIcon />} disabled={exporting.isLoading}
            onClick={() => exportAudit(filters).unwrap().catch((err: unknown) => notify.error(errorMessage(err, t('exportFailed'))))}>
            {t('export')}
          </Button>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="audit-rows" sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h2" id="audit-rows">
            {t('changes', { count: data?.totalElements ?? 0 })}
          </Typography>
          {isLoading && <LoadingRows rows={4} height={64} />}
          {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={errorMessage(error, t('loadFailed'))} />}
          {data && data.content.length === 0 && <EmptyState testId="audit-empty">{t('empty')}</EmptyState>}
          {data && data.content.length > 0 && <AuditEventList events={data.content} label={t('title')} />}
          {pages > 1 && (
            <Pagination sx={{ mt: 2 }} count={pages} page={page + 1} onChange={(_e, p) => setPage(p - 1)} siblingCount={0} />
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
