import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { PublicPage } from '@/components/layout/PublicPage';
import { RouterLink } from '@/components/navigation';
import { LegalSections, type LegalSection } from './LegalSections';
import '@/lib/i18n/texts/legal';

/** /privacy-policy: effective 16 December 2024, minimum age 13. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('legal');
  const sections = t('privacy.sections', { returnObjects: true }) as LegalSection[];
  return (
    <PublicPage title={t('privacy.title')}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          <Typography variant="body2" color="textSecondary">
            {t('privacy.effective')}
          </Typography>
          <Typography sx={{ my: 2 }}>{t('privacy.intro')}</Typography>
          <LegalSections sections={sections} />
          <Typography sx={{ mt: 3 }}>
            <RouterLink to={paths.termsAndConditions} underline="always">{t('privacy.termsLink')}</RouterLink>
          </Typography>
        </CardContent>
      </Card>
    </PublicPage>
  );
}
