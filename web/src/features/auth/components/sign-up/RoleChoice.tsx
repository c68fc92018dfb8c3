import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layout/AuthLayout';
import type { SignUpRole } from '../../model/sign-up-model';
import { SignUpFooter } from './SignUpFooter';

const ROLES: { role: SignUpRole; icon: ReactNode }[] = [
  { role: 'company_owner', icon: <BusinessIcon /> },
  { role: 'company_driver', icon: <BadgeIcon /> },
];

interface RoleChoiceProps {
  role: SignUpRole | null;
  onChange: (role: SignUpRole) => void;
  onContinue: () => void;
}

/** Step 0: Company Owner or Company Driver; Continue stays disabled until one is chosen. */
export function RoleChoice({ role, onChange, onContinue }: RoleChoiceProps) {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout tagline={t('common:tagline')} title={t('signUp.roleTitle')} subtitle={t('signUp.roleSubtitle')} footer={<SignUpFooter />}>
      <Stack spacing={1.5} role="radiogroup" aria-label={t('signUp.roleSubtitle')}>
        {ROLES.map((option) => {
          const selected = option.role === role;
          return (
            <Card
              key={option.role}
              sx={{
                borderColor: selected ? 'primary.main' : undefined,
                bgcolor: selected ? 'rgba(53,194,122,0.08)' : undefined,
              }}
            >
              <CardActionArea role="radio" aria-checked={selected} onClick={() => onChange(option.role)} sx={{ p: 2 }}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Box sx={{ color: selected ? 'primary.main' : 'text.secondary', display: 'flex' }}>{option.icon}</Box>
                  <Box sx={{ flexGrow: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(`signUp.roles.${option.role}`)}</Typography>
                    <Typography variant="body2" color="textSecondary">
                      {t(`signUp.roleHints.${option.role}`)}
                    </Typography>
                  </Box>
                  {selected && <CheckCircleIcon color="primary" />}
                </Stack>
              </CardActionArea>
            </Card>
          );
        })}
        <Button variant="contained" size="large" disabled={!role} onClick={onContinue} sx={{ mt: 1 }}>
          {t('signUp.continue')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
