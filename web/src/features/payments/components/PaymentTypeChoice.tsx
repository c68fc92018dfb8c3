import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import PaymentsIcon from '@mui/icons-material/Payments';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import '@/lib/i18n/texts/payments';

export type NewMethodType = 'credit' | 'debit' | 'ach';

/** Choice of the kind of method to add: credit card, debit card or bank account (ACH). */
export function PaymentTypeChoice({ onChoose }: { onChoose: (type: NewMethodType) => void }) {
  const { t } = useTranslation('payments');
  const options: { type: NewMethodType; icon: React.ReactNode }[] = [
    { type: 'credit', icon: <CreditCardIcon /> },
    { type: 'debit', icon: <PaymentsIcon /> },
    { type: 'ach', icon: <AccountBalanceIcon /> },
  ];
  return (
    <Stack spacing={1.5}>
      <Typography color="textSecondary">{t('chooseType')}</Typography>
      {options.map(({ type, icon }) => (
        <Button
          key={type}
          variant="outlined"
          size="large"
          startIcon={icon}
          onClick={() => onChoose(type)}
          sx={{ justifyContent: 'flex-start', py: 1.5 }}
        >
          <Stack component="span" sx={{ alignItems: 'flex-start' }}>
            <span>{t(`types.${type}`)}</span>
            <Typography component="span" variant="caption" color="textSecondary">
              {t(`typeHints.${type}`)}
            </Typography>
          </Stack>
        </Button>
      ))}
    </Stack>
  );
}
