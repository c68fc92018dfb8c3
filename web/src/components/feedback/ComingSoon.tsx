import ConstructionIcon from '@mui/icons-material/Construction';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/Page';

/** Placeholder for a screen another engineer is building. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <Card>
        <CardContent>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
            <ConstructionIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography variant="h3">{t('placeholder.comingSoon')}</Typography>
            <Typography color="text.secondary">{t('placeholder.comingSoonDetail')}</Typography>
          </Stack>
        </CardContent>
      </Card>
    </Page>
  );
}
