import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { PublicPage } from '@/components/layout/PublicPage';
import { RouterLink } from '@/components/navigation';
import { LegalSections, type LegalSection } from './LegalSections';
import '@/lib/i18n/texts/legal';

/** /terms-and-conditions: 19 numbered sections (numbering skips 7), Florida law, arbitration, age 18. */
export function TermsPage() {
  const { t } = useTranslation('legal');
  const sections = t('terms.sections', { returnObjects: true }) as LegalSection[];
  return (
    <PublicPage title={t('terms.title')}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          <Typography variant="body2" color="textSecondary">
            {t('terms.updated')}
          </Typography>
          <Typography sx={{ my: 2 }}>{t('terms.intro')}</Typography>
          <LegalSections sections={sections} />
          <Typography sx={{ mt: 3 }}>
            <RouterLink to={paths.privacyPolicy} underline="always">{t('terms.privacyLink')}</RouterLink>
          </Typography>
        </CardContent>
      </Card>
    </PublicPage>
  );
}
