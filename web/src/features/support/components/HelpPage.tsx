import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { paths } from '@/lib/paths';
import { PublicPage } from '@/components/layout/PublicPage';
import '@/lib/i18n/texts/support';

interface FaqEntry {
  question: string;
  answer: string;
}

/** /help: frequently asked questions. */
export function HelpPage() {
  const { t } = useTranslation('support');
  const faq = t('help.faq', { returnObjects: true }) as FaqEntry[];
  return (
    <PublicPage title={t('help.title')}>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {t('help.subtitle')}
      </Typography>
      <Stack spacing={1}>
        {faq.map((entry) => (
          <Accordion key={entry.question} disableGutters sx={{ borderRadius: 3, '&::before': { display: 'none' } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography sx={{ fontWeight: 600 }}>{entry.question}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="textSecondary">{entry.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 3 }}>
        <Typography>{t('help.stillNeedHelp')}</Typography>
        <Button component={ReactRouterLink} to={paths.contactUs} variant="outlined">
          {t('help.contactUs')}
        </Button>
      </Stack>
    </PublicPage>
  );
}
