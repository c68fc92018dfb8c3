import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextInput } from '@/components/form';
import { selectIsSignedIn, selectRole } from '@/lib/auth';
import { useZodForm } from '@/lib/forms';
import { useAppSelector } from '@/lib/store';
import { useGetCardTankQuery } from '../api/planner-api';
import { planFormDefaults, planFormSchema, planFormStart, type PlanFormValues } from '../model/plan-form';
import '@/lib/i18n/texts/planner';

interface AssistantFormProps {
  onSubmit: (values: PlanFormValues) => void;
  busy: boolean;
}

/** 'Smart Route Assistant': tank capacity and current fuel (docs/product.md §2.7, rules of §5). */
export function AssistantForm({ onSubmit, busy }: AssistantFormProps) {
  const { t } = useTranslation('planner');
  const schema = useMemo(() => planFormSchema(t), [t]);
  const form = useZodForm(schema, { mode: 'onChange', defaultValues: planFormDefaults });
  const { isValid } = form.formState;
  // A driver starts with their card's vehicle's tank; owners have no card of their own.
  const signedIn = useAppSelector(selectIsSignedIn);
  const role = useAppSelector(selectRole);
  const driver = signedIn && role !== 'ROLE_COMPANY';
  const tank = useGetCardTankQuery(undefined, { skip: !driver });
  const startTank = planFormStart(tank.data).tankCapacity;
  useEffect(() => {
    // What the user typed before the card arrived stays theirs.
    if (startTank !== '' && !form.getFieldState('tankCapacity').isDirty) form.resetField('tankCapacity', { defaultValue: startTank });
  }, [form, startTank]);

  return (
    <Paper variant="outlined" sx={{ mx: 2, mt: 2, p: 2, borderRadius: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <AutoAwesomeIcon color="primary" fontSize="small" />
        <Typography variant="h3" component="h2">
          {t('assistant.title')}
        </Typography>
      </Stack>
      <Form form={form} onSubmit={onSubmit} aria-label={t('assistant.title')}>
        <Stack spacing={1.5}>
          <TextInput
            name="tankCapacity"
            label={t('assistant.tankCapacity')}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextInput
            name="currentFuel"
            label={t('assistant.currentFuel')}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
        {/* Advanced inputs exist with their defaults but are not shown (docs/product.md §2.7). */}
        <Box hidden data-testid="advanced-fields">
          <TextInput name="searchRadius" label={t('assistant.searchRadius')} size="small" />
          <TextInput name="minGallonsPurchase" label={t('assistant.minGallonsPurchase')} size="small" />
        </Box>
        <SubmitButton fullWidth busy={busy} disabled={!isValid} sx={{ mt: 1.5 }}>
          {t('assistant.findBest')}
        </SubmitButton>
      </Form>
    </Paper>
  );
}
