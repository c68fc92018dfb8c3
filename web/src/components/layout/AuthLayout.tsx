import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Above the title, e.g. a back arrow. */
  leading?: ReactNode;
  /** Below the card: secondary links. */
  footer?: ReactNode;
  children: ReactNode;
}

/** Centered, phone-width card used by the signed-out screens. */
export function AuthLayout({ title, subtitle, leading, footer, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: 'radial-gradient(1200px 600px at 50% -10%, rgba(53,194,122,0.18), transparent 60%)',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <LocalGasStationIcon color="primary" sx={{ fontSize: 36 }} />
        <Box>
          <Typography variant="h3" component="p" sx={{ lineHeight: 1.1 }}>
            {t('appName')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('tagline')}
          </Typography>
        </Box>
      </Stack>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          {leading}
          <Typography variant="h2" component="h1" sx={{ mb: subtitle ? 0.5 : 2.5 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 2.5 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
      {footer && <Box sx={{ mt: 3, textAlign: 'center' }}>{footer}</Box>}
    </Box>
  );
}
