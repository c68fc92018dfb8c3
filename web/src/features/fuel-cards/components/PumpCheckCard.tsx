import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/feedback/LoadStates';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/auth/permissions';
import { useGetGroupsQuery } from '@/lib/groups';
import { notify } from '@/lib/notifier';
import {
  useGetGroupPumpCheckQuery,
  useGetPumpCheckQuery,
  useInheritGroupPumpCheckMutation,
  useSaveGroupPumpCheckMutation,
  useSavePumpCheckMutation,
  type PumpCheckSettings,
} from '../api/pump-check-api';
import '@/lib/i18n/texts/account';

type StaleChoice = PumpCheckSettings['staleChoice'];
const STALE_CHOICES: StaleChoice[] = ['challenge', 'decline', 'approve'];

/** The form's values as typed (numbers as text until saved). */
interface Draft {
  enabled: boolean;
  radiusMiles: string;
  freshnessMinutes: string;
  staleChoice: StaleChoice;
}

const draftOf = (s: PumpCheckSettings): Draft => ({
  enabled: s.enabled,
  radiusMiles: String(s.radiusMiles),
  freshnessMinutes: String(s.freshnessMinutes),
  staleChoice: s.staleChoice,
});

/** Field errors by the server's bounds (radius 0.25–50 miles, freshness 1–240 minutes). */
function check(d: Draft): Partial<Record<'radiusMiles' | 'freshnessMinutes', string>> {
  const errors: Partial<Record<'radiusMiles' | 'freshnessMinutes', string>> = {};
  const radius = Number(d.radiusMiles);
  if (d.radiusMiles.trim() === '' || !Number.isFinite(radius) || radius < 0.25 || radius > 50) errors.radiusMiles = 'radiusBounds';
  const minutes = Number(d.freshnessMinutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 240) errors.freshnessMinutes = 'freshnessBounds';
  return errors;
}

/** The settings' form, its values as typed; keyed by what it edits, so a save or another scope starts it afresh. */
function SettingsForm({
  initial,
  scope,
  inherited,
}: {
  initial: PumpCheckSettings;
  scope: number;
  inherited: boolean;
}) {
  const { t } = useTranslation('account');
  const [saveCompany, { isLoading: savingCompany }] = useSavePumpCheckMutation();
  const [saveGroup, { isLoading: savingGroup }] = useSaveGroupPumpCheckMutation();
  const [inherit, { isLoading: inheriting }] = useInheritGroupPumpCheckMutation();
  const saving = savingCompany || savingGroup || inheriting;
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [tried, setTried] = useState(false);

  const errors = check(draft);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    const settings: PumpCheckSettings = {
      enabled: draft.enabled,
      radiusMiles: Number(draft.radiusMiles),
      freshnessMinutes: Number(draft.freshnessMinutes),
      staleChoice: draft.staleChoice,
    };
    try {
      if (scope === 0) await saveCompany(settings).unwrap();
      else await saveGroup({ groupId: scope, settings }).unwrap();
      notify.success(t('pumpCheck.saved'));
    } catch (error) {
      notify.error(errorMessage(error, t('pumpCheck.saveFailed')));
    }
  };
  const followCompany = async () => {
    try {
      await inherit(scope).unwrap();
      notify.success(t('pumpCheck.saved'));
    } catch (error) {
      notify.error(errorMessage(error, t('pumpCheck.saveFailed')));
    }
  };
  const fieldError = (field: 'radiusMiles' | 'freshnessMinutes') => (tried && errors[field] ? t(`pumpCheck.${errors[field]}`) : undefined);

  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={2}>
      {scope !== 0 && inherited && (
        <Typography variant="body2" data-testid="pump-check-inherited">
          {t('pumpCheck.inherited')}
        </Typography>
      )}
      <FormControlLabel
        control={<Switch checked={draft.enabled} onChange={(_event, enabled) => setDraft({ ...draft, enabled })} />}
        label={t('pumpCheck.enabled')}
        sx={{ overflowWrap: 'anywhere' }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('pumpCheck.radius')}
          value={draft.radiusMiles}
          onChange={(event) => setDraft({ ...draft, radiusMiles: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={Boolean(fieldError('radiusMiles'))}
          helperText={fieldError('radiusMiles') ?? t('pumpCheck.radiusHint')}
          fullWidth
        />
        <TextField
          label={t('pumpCheck.freshness')}
          value={draft.freshnessMinutes}
          onChange={(event) => setDraft({ ...draft, freshnessMinutes: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(fieldError('freshnessMinutes'))}
          helperText={fieldError('freshnessMinutes') ?? t('pumpCheck.freshnessHint')}
          fullWidth
        />
      </Stack>
      <FormLabel id="pump-check-stale-label">{t('pumpCheck.staleLabel')}</FormLabel>
      <RadioGroup
        aria-labelledby="pump-check-stale-label"
        value={draft.staleChoice}
        onChange={(_event, value) => setDraft({ ...draft, staleChoice: value as StaleChoice })}
      >
        {STALE_CHOICES.map((choice) => (
          <FormControlLabel key={choice} value={choice} control={<Radio />} label={t(`pumpCheck.stale.${choice}`)} sx={{ overflowWrap: 'anywhere' }} />
        ))}
      </RadioGroup>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {t('pumpCheck.save')}
        </Button>
        {scope !== 0 && !inherited && (
          <Button variant="text" disabled={saving} onClick={() => void followCompany()}>
            {t('pumpCheck.followCompany')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The pump check (GET|PUT /api/wex/company/pump-check, and per card group
 * /api/wex/company/groups/{id}/pump-check): is the truck at the pump? Off by default; a group's own
 * setting wins over the company's. A member limited to a group sets their group's only: the
 * company's (`pump-check.company`) covers every group, so it is not offered, and the card says why.
 */
export function PumpCheckCard({ canReadGroups }: { canReadGroups: boolean }) {
  const { t } = useTranslation('account');
  const { can, groupId } = usePermissions();
  const limitedTo = can('pump-check.company') ? 0 : (groupId ?? 0);
  const [chosen, setScope] = useState<number>(0); // 0: the company
  const scope = limitedTo || chosen;
  const company = useGetPumpCheckQuery(undefined, { skip: limitedTo !== 0 });
  const groups = useGetGroupsQuery(undefined, { skip: !canReadGroups });
  const group = useGetGroupPumpCheckQuery(scope, { skip: scope === 0 });
  const shown = scope === 0 ? company : group;
  const inherited = scope !== 0 && Boolean(group.data?.inherited);
  const limitedName = groups.data?.find((g) => g.id === limitedTo)?.name;

  return (
    <Card variant="outlined" component="section" aria-labelledby="pump-check-title" data-testid="pump-check-settings">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h3" component="h2" id="pump-check-title">
            {t('pumpCheck.title')}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('pumpCheck.intro')}
          </Typography>
          {limitedTo !== 0 ? (
            <>
              <Alert severity="info" data-testid="pump-check-company-refused">
                {t('common:permissions.cannotInGroup', { what: t('common:permissions.actions.pump-check.company') })}
              </Alert>
              {limitedName && <Typography variant="subtitle1">{t('pumpCheck.group', { name: limitedName })}</Typography>}
            </>
          ) : (
            canReadGroups &&
            (groups.data?.length ?? 0) > 0 && (
              <TextField select label={t('pumpCheck.appliesTo')} value={scope} onChange={(event) => setScope(Number(event.target.value))} fullWidth>
                <MenuItem value={0}>{t('pumpCheck.company')}</MenuItem>
                {groups.data!.map((g) => (
                  <MenuItem key={g.id} value={g.id}>
                    {t('pumpCheck.group', { name: g.name })}
                  </MenuItem>
                ))}
              </TextField>
            )
          )}
          {shown.isLoading && <Skeleton variant="rounded" height={120} aria-label={t('common:loading')} />}
          {shown.isError && !shown.data && <LoadError onRetry={shown.refetch} retrying={shown.isFetching} />}
          {shown.data && (
            <SettingsForm
              key={`${scope}:${inherited}:${JSON.stringify(shown.data)}`}
              initial={shown.data}
              scope={scope}
              inherited={inherited}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
