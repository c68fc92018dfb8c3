import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextInput } from '@/components/form';
import { LoadError } from '@/components/feedback/LoadStates';
import { fieldErrors, errorMessage } from '@/lib/api';
import { maskCardNumber } from '@/lib/format';
import { useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import type { CompanyControls, Controls } from '../api/controls-api';
import {
  useGetCardControlsQuery,
  useGetCompanyControlsQuery,
  useGetControlChainsQuery,
  useSaveCardControlsMutation,
  useSaveCompanyControlsMutation,
} from '../api/controls-api';
import type { FuelCard } from '../api/fuel-cards-api';
import { controlsSchema, controlsToForm, formFieldOf, formToControls, type ControlsFormOutput, type NumericControl } from '../model/controls-form';
import { timeZoneOptions, US_STATES } from '../model/us-states';
import { DayToggles, LimitInput, MultiSelect, ProductChecks, TimeZoneSelect } from './ControlsFields';
import '@/lib/i18n/texts/fuelCards';

/** Whose controls the dialog edits: one card's, or the company default. */
export type ControlsTarget = { kind: 'card'; card: FuelCard } | { kind: 'company' };

const TITLE_ID = 'controls-dialog-title';

/** Full screen on phones (below 600 px), a wide dialog from there up. */
function useFullScreenDialog() {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

/**
 * Controls: limits, products, days, hours, states and chains of one card, or the company
 * default with its time zone. Empty = no rule (a card then inherits the company default).
 */
type LimitField = [name: NumericControl, unit: 'dollars' | 'gallons' | 'count'];

const SPENDING_LIMITS: LimitField[] = [
  ['perPurchaseLimit', 'dollars'],
  ['dailyLimit', 'dollars'],
  ['weeklyLimit', 'dollars'],
  ['monthlyBudget', 'dollars'],
];
const FUEL_LIMITS: LimitField[] = [
  ['dailyGallonsLimit', 'gallons'],
  ['dailyPurchasesLimit', 'count'],
  ['tankCapacityGallons', 'gallons'],
  ['reeferTankGallons', 'gallons'],
];

/** Limit fields two to a row from 600 px up, one per row on phones. */
function LimitInputs({ fields }: { fields: LimitField[] }) {
  const { t } = useTranslation('fuelCards');
  return fields.map(([name, unit]) => (
    <Grid key={name} size={{ xs: 12, sm: 6 }}>
      <LimitInput name={name} label={t(`controls.fields.${name}`)} unit={unit} />
    </Grid>
  ));
}

export function ControlsDialog({ target, onClose }: { target: ControlsTarget; onClose: () => void }) {
  const { t } = useTranslation('fuelCards');
  const fullScreen = useFullScreenDialog();
  const title = target.kind === 'card' ? t('controls.cardTitle') : t('controls.companyTitle');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} scroll="paper">
      {target.kind === 'card' ? (
        <CardControlsLoader card={target.card} title={title} onClose={onClose} />
      ) : (
        <CompanyControlsLoader title={title} onClose={onClose} />
      )}
    </Dialog>
  );
}

function Loading({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('fuelCards');
  return (
    <>
      <DialogTitle id={TITLE_ID}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </>
  );
}

const spinner = (label: string) => (
  <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
    <CircularProgress aria-label={label} />
  </Box>
);

function CardControlsLoader({ card, title, onClose }: { card: FuelCard; title: string; onClose: () => void }) {
  const { t } = useTranslation('fuelCards');
  const { data, isLoading, isFetching, isError, refetch } = useGetCardControlsQuery(card.cardNumber, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useSaveCardControlsMutation();
  if (isLoading || (isFetching && !data)) return <Loading title={title} onClose={onClose}>{spinner(t('common:loading'))}</Loading>;
  if (isError || !data) {
    return (
      <Loading title={title} onClose={onClose}>
        <LoadError onRetry={refetch} retrying={isFetching} />
      </Loading>
    );
  }
  return (
    <ControlsForm
      title={title}
      subtitle={maskCardNumber(card.cardNumber)}
      note={t('controls.cardNote')}
      initial={data}
      saving={saving}
      onClose={onClose}
      onSave={(controls) => save({ cardNumber: card.cardNumber, controls }).unwrap()}
    />
  );
}

function CompanyControlsLoader({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation('fuelCards');
  const { data, isLoading, isFetching, isError, refetch } = useGetCompanyControlsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useSaveCompanyControlsMutation();
  if (isLoading || (isFetching && !data)) return <Loading title={title} onClose={onClose}>{spinner(t('common:loading'))}</Loading>;
  if (isError || !data) {
    return (
      <Loading title={title} onClose={onClose}>
        <LoadError onRetry={refetch} retrying={isFetching} />
      </Loading>
    );
  }
  return (
    <ControlsForm
      title={title}
      note={t('controls.companyNote')}
      initial={data}
      saving={saving}
      onClose={onClose}
      onSave={(controls, timeZone) => save({ ...controls, timeZone: timeZone ?? data.timeZone }).unwrap()}
      withTimeZone
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface ControlsFormProps {
  title: string;
  subtitle?: string;
  note: string;
  initial: Controls | CompanyControls;
  saving: boolean;
  withTimeZone?: boolean;
  onClose: () => void;
  onSave: (controls: Controls, timeZone: string | undefined) => Promise<unknown>;
}

function ControlsForm({ title, subtitle, note, initial, saving, withTimeZone = false, onClose, onSave }: ControlsFormProps) {
  const { t } = useTranslation('fuelCards');
  const schema = useMemo(() => controlsSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: controlsToForm(initial) });
  const chains = useGetControlChainsQuery();
  const chainChoices = useMemo(() => (chains.data ?? []).map(({ value, label }) => ({ value, label })), [chains.data]);
  const stateChoices = useMemo(() => US_STATES.map(({ code, name }) => ({ value: code, label: `${code} · ${name}` })), []);
  const zones = useMemo(() => timeZoneOptions(), []);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: ControlsFormOutput) => {
    setFormError(null);
    try {
      await onSave(formToControls(values), values.timeZone);
      notify.success(t('controls.saved'));
      onClose();
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField) {
        const elsewhere: string[] = [];
        let first = true;
        for (const [serverField, message] of Object.entries(byField)) {
          const field = formFieldOf(serverField);
          if (field) {
            form.setError(field, { type: 'server', message }, { shouldFocus: first });
            first = false;
          } else {
            elsewhere.push(message);
          }
        }
        setFormError(elsewhere.length > 0 ? elsewhere.join(', ') : t('controls.fixErrors'));
        return;
      }
      setFormError(errorMessage(error, t('controls.saveFailed')));
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={title} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <DialogTitle id={TITLE_ID} sx={{ pb: 0.5 }}>
        {title}
        {subtitle && (
          <Typography component="span" color="textSecondary" sx={{ display: 'block', fontFamily: 'monospace' }}>
            {subtitle}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Typography variant="body2" color="textSecondary">
            {note}
          </Typography>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {withTimeZone && <TimeZoneSelect zones={zones} />}
          <Section title={t('controls.sections.spending')}>
            <Grid container spacing={2}>
              <LimitInputs fields={SPENDING_LIMITS} />
            </Grid>
          </Section>
          <Section title={t('controls.sections.fuel')}>
            <Grid container spacing={2}>
              <LimitInputs fields={FUEL_LIMITS} />
              <Grid size={12}>
                <ProductChecks />
              </Grid>
            </Grid>
          </Section>
          <Section title={t('controls.sections.when')}>
            <Stack spacing={2}>
              <DayToggles />
              <Grid container spacing={2}>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <HourInput name="hoursFrom" label={t('controls.fields.hoursFrom')} />
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <HourInput name="hoursTo" label={t('controls.fields.hoursTo')} />
                </Grid>
              </Grid>
            </Stack>
          </Section>
          <Section title={t('controls.sections.where')}>
            <Stack spacing={2}>
              <MultiSelect name="allowedStates" label={t('controls.fields.allowedStates')} options={stateChoices} helperText={t('controls.allWhenEmpty')} />
              <MultiSelect name="allowedChains" label={t('controls.fields.allowedChains')} options={chainChoices} loading={chains.isLoading} helperText={t('controls.allWhenEmpty')} />
              <MultiSelect name="blockedChains" label={t('controls.fields.blockedChains')} options={chainChoices} loading={chains.isLoading} />
            </Stack>
          </Section>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <SubmitButton busy={saving}>{t('common:actions.save')}</SubmitButton>
      </DialogActions>
    </Form>
  );
}

/** "HH:MM" with the browser's time picker; keyboard users type the digits. */
function HourInput({ name, label }: { name: 'hoursFrom' | 'hoursTo'; label: string }) {
  return (
    <TextInput
      name={name}
      label={label}
      type="time"
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
    />
  );
}
