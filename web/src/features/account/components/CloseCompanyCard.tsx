import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { useSignOut } from '@/lib/auth';
import { notify } from '@/lib/notifier';
import { useCloseCompanyMutation } from '../api/company-api';
import '@/lib/i18n/texts/account';

/**
 * An owner closes the company: every card stops, every member is suspended and signed out. The
 * server refuses (and says why) while the wallet holds money or a purchase is on hold.
 */
export function CloseCompanyCard() {
  const { t } = useTranslation('account');
  const [asking, setAsking] = useState(false);
  const [close, { isLoading }] = useCloseCompanyMutation();
  const { forceSignOut } = useSignOut();
  const confirm = async () => {
    try {
      await close().unwrap();
      forceSignOut(t('closeCompany.closed'));
    } catch (error) {
      notify.error(errorMessage(error, t('closeCompany.failed')));
      setAsking(false);
    }
  };
  return (
    <Card sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('closeCompany.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('closeCompany.hint')}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setAsking(true)}>
          {t('closeCompany.button')}
        </Button>
      </CardContent>
      {asking && (
        <ConfirmDialog
          title={t('closeCompany.confirmTitle')}
          text={t('closeCompany.confirmText')}
          confirmLabel={t('closeCompany.confirm')}
          busy={isLoading}
          onCancel={() => setAsking(false)}
          onConfirm={() => void confirm()}
        />
      )}
    </Card>
  );
}
