import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/layout/Page';
import { LoadError } from '@/components/feedback/LoadStates';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/auth';
import { memberName, useGetMembersQuery } from '@/lib/members';
import { formatDateYear, formatDollars } from '@/lib/format';
import { notify } from '@/lib/notifier';
import {
  EXPORT_FORMATS,
  useCodePurchasesMutation,
  useCreateCodingRuleMutation,
  useDeleteCodingRuleMutation,
  useDownloadAccountingExportMutation,
  useGetCodingRulesQuery,
  useGetCodingGroupsQuery,
  useGetCodingVehiclesQuery,
  useGetPurchasesToCodeQuery,
  useSetCardRequireJobMutation,
  useUpdateCodingRuleMutation,
  type Coding,
  type CodingRule,
  type ExportFormat,
  type PurchaseFilter,
} from '../api/coding-api';
import '@/lib/i18n/texts/transactions';

const EMPTY: Coding = { account: '', class: '', job: '', memo: '' };
const PRODUCTS = ['', 'DSL', 'RFR', 'DEF', 'GAS', 'OTH'] as const;

/**
 * A coding's account, class, job and memo. An error (a coding that sets nothing) shows under the
 * account, the first field, which accountRef reaches to take the focus.
 */
function CodingFields({
  coding,
  onChange,
  error,
  accountRef,
}: {
  coding: Coding;
  onChange: (c: Coding) => void;
  error?: string;
  accountRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('transactions');
  return (
    <>
      {(['account', 'class', 'job', 'memo'] as const).map((field) => (
        <TextField
          key={field}
          size="small"
          label={t(`coding.${field}`)}
          value={coding[field]}
          onChange={(event) => onChange({ ...coding, [field]: event.target.value })}
          slotProps={{ htmlInput: { maxLength: field === 'memo' ? 500 : 100 } }}
          inputRef={field === 'account' ? accountRef : undefined}
          error={field === 'account' && !!error}
          helperText={field === 'account' ? error : undefined}
          fullWidth
        />
      ))}
    </>
  );
}

/** Whether coding sets nothing once trimmed, as the server refuses a rule that would. */
function codesNothing(coding: Coding): boolean {
  return [coding.account, coding.class, coding.job, coding.memo].every((value) => value.trim() === '');
}

/** Names of the vehicles, groups and drivers a rule may match, by id. */
type MatchNames = { vehicles: Map<number, string>; groups: Map<number, string>; drivers: Map<number, string> };

function ruleMatchText(rule: CodingRule, t: (key: string, options?: Record<string, unknown>) => string, names: MatchNames): string {
  const m = rule.match;
  const parts = [
    m.product && t('coding.matchProduct', { value: m.product }),
    m.cardNumber && t('coding.matchCard', { value: `…${m.cardNumber.slice(-4)}` }),
    m.vehicleId && t('coding.matchVehicle', { value: names.vehicles.get(m.vehicleId) ?? `#${m.vehicleId}` }),
    m.groupId && t('coding.matchGroup', { value: names.groups.get(m.groupId) ?? `#${m.groupId}` }),
    // A member who reads no members (a bookkeeper) has the name the rule comes with; none: the driver left.
    m.driverUserId && t('coding.matchDriver', { value: names.drivers.get(m.driverUserId) ?? (rule.driverName || t('coding.formerDriver')) }),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('coding.matchAll');
}

/**
 * The vehicles, groups and (for who may read the members) drivers a rule may match. A member limited to
 * a group is offered no group: the server gives their rules their group.
 */
function useMatchOptions() {
  const { can, groupId } = usePermissions();
  const vehicles = useGetCodingVehiclesQuery(undefined, { skip: !can('vehicles.read') }).data ?? [];
  const groups = useGetCodingGroupsQuery(undefined, { skip: !can('groups.read') }).data ?? [];
  const members = useGetMembersQuery(undefined, { skip: !can('members.read') }).data ?? [];
  const drivers = members.filter((m) => m.role === 'driver').map((m) => ({ id: m.id, name: memberName(m) }));
  const names: MatchNames = {
    vehicles: new Map(vehicles.map((v) => [v.id, v.name])),
    groups: new Map(groups.map((g) => [g.id, g.name])),
    drivers: new Map(drivers.map((d) => [d.id, d.name])),
  };
  return { vehicles, groups: groupId ? [] : groups, drivers, names };
}

/** A new rule: product, card, vehicle, group or driver (all that are given must match), and its coding. */
function RuleForm() {
  const { t } = useTranslation('transactions');
  const { vehicles, groups, drivers } = useMatchOptions();
  const [product, setProduct] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [vehicleId, setVehicleId] = useState('');
  const [groupId, setGroupId] = useState('');
  const [driverUserId, setDriverUserId] = useState('');
  const [coding, setCoding] = useState<Coding>(EMPTY);
  const [codingError, setCodingError] = useState('');
  const accountRef = useRef<HTMLInputElement>(null);
  const [create, { isLoading }] = useCreateCodingRuleMutation();
  const changeCoding = (next: Coding) => {
    setCoding(next);
    setCodingError('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (codesNothing(coding)) {
      // The server's own refusal, said before asking it.
      setCodingError(t('common:serverMessages.codingRuleEmpty'));
      accountRef.current?.focus();
      return;
    }
    try {
      await create({
        match: {
          ...(product ? { product } : {}),
          ...(cardNumber.trim() ? { cardNumber: cardNumber.trim() } : {}),
          ...(vehicleId ? { vehicleId: Number(vehicleId) } : {}),
          ...(groupId ? { groupId: Number(groupId) } : {}),
          ...(driverUserId ? { driverUserId: Number(driverUserId) } : {}),
        },
        coding,
      }).unwrap();
      setProduct('');
      setCardNumber('');
      setVehicleId('');
      setGroupId('');
      setDriverUserId('');
      setCoding(EMPTY);
      notify.success(t('coding.ruleAdded'));
    } catch (error) {
      notify.error(errorMessage(error, t('coding.saveFailed')));
    }
  };
  const select = (label: string, value: string, set: (v: string) => void, options: { id: number; name: string }[], any: string) =>
    options.length > 0 && (
      <TextField select size="small" label={label} value={value} onChange={(event) => set(event.target.value)}>
        <MenuItem value="">{any}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.id} value={String(o.id)} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <Stack component="form" spacing={1.5} onSubmit={(event) => void submit(event)} aria-label={t('coding.addRule')}>
      <Typography variant="subtitle1" component="h3">
        {t('coding.addRule')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('coding.matchHint')}
      </Typography>
      <TextField select size="small" label={t('coding.product')} value={product} onChange={(event) => setProduct(event.target.value)}>
        {PRODUCTS.map((code) => (
          <MenuItem key={code} value={code}>
            {code === '' ? t('coding.anyProduct') : code}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('coding.cardNumber')}
        value={cardNumber}
        onChange={(event) => setCardNumber(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 19, inputMode: 'numeric' } }}
      />
      {select(t('coding.vehicle'), vehicleId, setVehicleId, vehicles, t('coding.anyVehicle'))}
      {select(t('coding.group'), groupId, setGroupId, groups, t('coding.anyGroup'))}
      {select(t('coding.driver'), driverUserId, setDriverUserId, drivers, t('coding.anyDriver'))}
      <CodingFields coding={coding} onChange={changeCoding} error={codingError} accountRef={accountRef} />
      <Button type="submit" variant="contained" disabled={isLoading}>
        {t('coding.addRule')}
      </Button>
    </Stack>
  );
}

function RulesCard() {
  const { t } = useTranslation('transactions');
  const { data, isLoading, error, refetch, isFetching } = useGetCodingRulesQuery();
  const [update] = useUpdateCodingRuleMutation();
  const [remove] = useDeleteCodingRuleMutation();
  const [requireJob] = useSetCardRequireJobMutation();
  const [card, setCard] = useState('');
  const { names } = useMatchOptions();
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (e) {
      notify.error(errorMessage(e, t('coding.saveFailed')));
    }
  };
  const rules = data?.content ?? [];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('coding.rulesTitle')}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          {t('coding.rulesHint')}
        </Typography>
        {isLoading && <CircularProgress aria-label={t('common:loading')} />}
        {error && <LoadError onRetry={refetch} retrying={isFetching} />}
        {data && rules.length === 0 && <Typography sx={{ py: 1 }}>{t('coding.noRules')}</Typography>}
        <List dense aria-label={t('coding.rulesTitle')}>
          {rules.map((rule, index) => (
            <ListItem key={rule.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                sx={{ minWidth: 0, flex: '1 1 12rem', overflowWrap: 'anywhere' }}
                primary={`${rule.position}. ${ruleMatchText(rule, t, names)}`}
                secondary={[rule.coding.account, rule.coding.class, rule.coding.job, rule.coding.memo].filter(Boolean).join(' · ')}
              />
              <Box>
                <IconButton
                  aria-label={t('coding.moveUp')}
                  disabled={index === 0}
                  onClick={() => void act(() => update({ id: rule.id, match: rule.match, coding: rule.coding, position: rule.position - 1 }).unwrap())}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={t('coding.moveDown')}
                  disabled={index === rules.length - 1}
                  onClick={() => void act(() => update({ id: rule.id, match: rule.match, coding: rule.coding, position: rule.position + 1 }).unwrap())}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton aria-label={t('coding.deleteRule')} onClick={() => void act(() => remove(rule.id).unwrap())}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            </ListItem>
          ))}
        </List>
        <RuleForm />
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
          {t('coding.requireJobTitle')}
        </Typography>
        {(data?.cardsRequiringJob ?? []).map((number) => (
          <FormControlLabel
            key={number}
            control={<Switch checked onChange={() => void act(() => requireJob({ cardNumber: number, requireJob: false }).unwrap())} />}
            label={`…${number.slice(-4)}`}
          />
        ))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            label={t('coding.cardNumber')}
            value={card}
            onChange={(event) => setCard(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 19, inputMode: 'numeric' } }}
          />
          <Button
            variant="outlined"
            disabled={card.trim() === ''}
            onClick={() => void act(async () => { await requireJob({ cardNumber: card.trim(), requireJob: true }).unwrap(); setCard(''); })}
          >
            {t('coding.requireJob')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

const NO_FILTER: PurchaseFilter = { page: 0, missingJob: false, uncoded: false, cardNumber: '', dateFrom: '', dateTo: '' };

/** Pages of purchases, filtered by date, card, missing coding or job; select some (or all on the page) and code them at once. */
function BulkCodingCard() {
  const { t } = useTranslation('transactions');
  // The dashboard's task links here with ?missingJob=true: the filter starts on.
  const [search] = useSearchParams();
  const [filter, setFilter] = useState<PurchaseFilter>(() => ({ ...NO_FILTER, missingJob: search.get('missingJob') === 'true' }));
  const [card, setCard] = useState('');
  const { data, isLoading, error, refetch, isFetching } = useGetPurchasesToCodeQuery(filter);
  const [selected, setSelected] = useState<number[]>([]);
  const [coding, setCoding] = useState<Coding>(EMPTY);
  const [apply, { isLoading: applying }] = useCodePurchasesMutation();
  const rows = (data?.content ?? []).filter((row) => row.status === 'APPROVED');
  const pageIds = rows.map((row) => row.transactionId);
  const onPage = pageIds.filter((id) => selected.includes(id)).length;
  const pages = data?.page.totalPages ?? 0;
  const change = (next: Partial<PurchaseFilter>) => setFilter((f) => ({ ...f, page: 0, ...next }));
  const toggle = (id: number) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const selectPage = (on: boolean) =>
    setSelected((ids) => (on ? [...ids.filter((id) => !pageIds.includes(id)), ...pageIds] : ids.filter((id) => !pageIds.includes(id))));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await apply({ ids: selected, coding }).unwrap();
      notify.success(t('coding.bulkSaved', { count: selected.length }));
      setSelected([]);
    } catch (e) {
      notify.error(errorMessage(e, t('coding.saveFailed')));
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('coding.bulkTitle')}
        </Typography>
        <Stack spacing={1} sx={{ my: 1 }} component="fieldset" aria-label={t('coding.filters')} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField size="small" type="date" label={t('coding.from')} value={filter.dateFrom} onChange={(event) => change({ dateFrom: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            <TextField size="small" type="date" label={t('coding.to')} value={filter.dateTo} onChange={(event) => change({ dateTo: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            <TextField
              size="small"
              label={t('coding.cardNumber')}
              value={card}
              onChange={(event) => setCard(event.target.value)}
              onBlur={() => change({ cardNumber: card })}
              onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); change({ cardNumber: card }); } }}
              slotProps={{ htmlInput: { maxLength: 19, inputMode: 'numeric' } }}
              fullWidth
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            <FormControlLabel
              control={<Switch checked={filter.uncoded} onChange={(event) => change({ uncoded: event.target.checked })} />}
              label={t('coding.uncodedOnly')}
            />
            <FormControlLabel
              control={<Switch checked={filter.missingJob} onChange={(event) => change({ missingJob: event.target.checked })} />}
              label={t('coding.missingJobOnly')}
            />
          </Stack>
        </Stack>
        {filter.missingJob && data && (
          <Alert severity={data.page.totalElements > 0 ? 'warning' : 'success'} sx={{ my: 1 }}>
            {t('coding.missingJobCount', { count: data.page.totalElements })}
          </Alert>
        )}
        {isLoading && <CircularProgress aria-label={t('common:loading')} />}
        {error && <LoadError onRetry={refetch} retrying={isFetching} />}
        {data && rows.length === 0 && <Typography sx={{ py: 1 }}>{t('coding.noPurchases')}</Typography>}
        <List dense aria-label={t('coding.bulkTitle')}>
          {rows.length > 0 && (
            <ListItem disableGutters>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={onPage === rows.length}
                    indeterminate={onPage > 0 && onPage < rows.length}
                    onChange={(event) => selectPage(event.target.checked)}
                  />
                }
                label={t('coding.selectPage')}
              />
            </ListItem>
          )}
          {rows.map((row) => (
            <ListItem key={row.transactionId} disableGutters>
              <FormControlLabel
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                control={<Checkbox checked={selected.includes(row.transactionId)} onChange={() => toggle(row.transactionId)} />}
                label={`${formatDateYear(row.transactionDate)} · ${row.invoiceRef} · …\u2060${row.cardNumber.slice(-4)} · ${row.locationName} · ${formatDollars(row.fundedTotal)}${row.coding?.account ? ` · ${row.coding.account}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
        {pages > 1 && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
            <Button disabled={filter.page === 0 || isFetching} onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}>
              {t('coding.previousPage')}
            </Button>
            <Typography variant="body2">{t('coding.pageOf', { page: filter.page + 1, pages })}</Typography>
            <Button disabled={filter.page + 1 >= pages || isFetching} onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}>
              {t('coding.nextPage')}
            </Button>
          </Stack>
        )}
        <Stack component="form" spacing={1.5} onSubmit={(event) => void submit(event)} aria-label={t('coding.apply')}>
          <CodingFields coding={coding} onChange={setCoding} />
          <Button type="submit" variant="contained" disabled={applying || selected.length === 0}>
            {t('coding.applyTo', { count: selected.length })}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Downloads an accounting export: format and date range (at most 366 days). */
function ExportCard() {
  const { t } = useTranslation('transactions');
  const now = new Date();
  const [format, setFormat] = useState<ExportFormat>('qbo-csv');
  const [from, setFrom] = useState(isoDay(new Date(now.getFullYear(), now.getMonth() - 1, 1)));
  const [to, setTo] = useState(isoDay(new Date(now.getFullYear(), now.getMonth(), 0)));
  const [download, { isLoading }] = useDownloadAccountingExportMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await download({ format, from, to }).unwrap();
    } catch (e) {
      notify.error(errorMessage(e, t('coding.exportFailed')));
    }
  };
  return (
    <Card>
      <CardContent>
        <Stack component="form" spacing={1.5} onSubmit={(event) => void submit(event)} aria-label={t('coding.exportTitle')}>
          <Typography variant="h6" component="h2">
            {t('coding.exportTitle')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('coding.format')}
            value={format}
            onChange={(event) => setFormat(event.target.value as ExportFormat)}
            helperText={t(`coding.formatHelp.${format}`)}
          >
            {EXPORT_FORMATS.map((f) => (
              <MenuItem key={f} value={f} sx={{ whiteSpace: 'normal' }}>
                {t(`coding.formats.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField size="small" type="date" label={t('coding.from')} value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            <TextField size="small" type="date" label={t('coding.to')} value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
          </Stack>
          <Button type="submit" variant="contained" disabled={isLoading || !from || !to}>
            {t('coding.download')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /coding: the bookkeeper's coding of purchases (rules, bulk re-code, cards requiring a job) and accounting exports. */
export function CodingPage() {
  const { t } = useTranslation('transactions');
  const { can } = usePermissions();
  return (
    <Page title={t('coding.pageTitle')} maxWidth="md">
      <Stack spacing={2}>
        {can('statements.read') && <ExportCard />}
        <BulkCodingCard />
        <RulesCard />
      </Stack>
    </Page>
  );
}
