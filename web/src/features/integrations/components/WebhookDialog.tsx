import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxInput, Form, SubmitButton, TextInput } from '@/components/form';
import { applyServerError, BODY_MAX_LENGTH, useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import {
  useAddWebhookMutation,
  useUpdateWebhookMutation,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEventType,
} from '../api/webhooks-api';
import '@/lib/i18n/texts/integrations';

/** The longest URL the server takes. */
const URL_MAX = BODY_MAX_LENGTH.WebhookEndpointInput.url;

const webhookSchema = (t: (key: string, options?: Record<string, unknown>) => string) =>
  z.object({
    url: z
      .string()
      .trim()
      .min(1, t('form.urlRequired'))
      .max(URL_MAX, t('form.urlMax', { max: URL_MAX }))
      // The server decides whether the host is public (and whether plain http is allowed here).
      .regex(/^https?:\/\/[^\s/]+/i, t('form.urlInvalid')),
    events: z.array(z.string()).min(1, t('form.eventsRequired')),
    active: z.boolean(),
  });

type WebhookForm = z.infer<ReturnType<typeof webhookSchema>>;

/** Add (endpoint undefined) or edit a webhook endpoint; onAdded gets the new endpoint with its secret. */
export function WebhookDialog({
  endpoint,
  eventTypes,
  onClose,
  onAdded,
}: {
  endpoint?: WebhookEndpoint;
  eventTypes: readonly WebhookEventType[];
  onClose: () => void;
  onAdded: (created: WebhookEndpointCreated) => void;
}) {
  const { t } = useTranslation('integrations');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const schema = useMemo(() => webhookSchema(t), [t]);
  const form = useZodForm(schema, {
    defaultValues: { url: endpoint?.url ?? '', events: endpoint?.events ?? [], active: endpoint?.active ?? true },
  });
  const [add, adding] = useAddWebhookMutation();
  const [update, updating] = useUpdateWebhookMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: WebhookForm) => {
    setFormError(null);
    const body = { url: values.url, events: values.events as WebhookEventType[], active: values.active };
    try {
      if (endpoint) {
        await update({ id: endpoint.id, body }).unwrap();
        notify.success(t('form.saved'));
        onClose();
      } else {
        const created = await add(body).unwrap();
        notify.success(t('form.added'));
        onAdded(created);
      }
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['url', 'events', 'active'], t('form.failed')) ?? null);
    }
  };

  const title = endpoint ? t('form.editTitle') : t('form.addTitle');
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby="webhook-dialog-title">
      <Form form={form} onSubmit={submit} aria-label={title}>
        <DialogTitle id="webhook-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput
              name="url"
              label={t('form.url')}
              helperText={t('form.urlHint')}
              type="url"
              autoComplete="off"
              autoFocus
              placeholder="https://"
              slotProps={{ htmlInput: { maxLength: URL_MAX, spellCheck: false } }}
            />
            <EventsInput eventTypes={eventTypes} />
            <CheckboxInput name="active" label={t('form.active')} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <SubmitButton busy={adding.isLoading || updating.isLoading}>{t('form.save')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** One checkbox per event type, bound to the form's `events` list. */
function EventsInput({ eventTypes }: { eventTypes: readonly WebhookEventType[] }) {
  const { t } = useTranslation('integrations');
  const { control } = useFormContext<WebhookForm>();
  const { field, fieldState } = useController({ name: 'events', control });
  const chosen = new Set(field.value);
  const toggle = (type: string, on: boolean) =>
    field.onChange(eventTypes.filter((candidate) => (candidate === type ? on : chosen.has(candidate))));
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)}>
      <FormLabel component="legend">{t('form.events')}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {eventTypes.map((type) => (
          <FormControlLabel
            key={type}
            control={<Checkbox checked={chosen.has(type)} onChange={(event) => toggle(type, event.target.checked)} onBlur={field.onBlur} />}
            label={
              <>
                {t(`events.${type}`)}{' '}
                <Typography component="span" variant="caption" color="textSecondary" sx={{ fontFamily: 'monospace' }}>
                  {type}
                </Typography>
              </>
            }
          />
        ))}
      </FormGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}
