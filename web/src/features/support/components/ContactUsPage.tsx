import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CONTACT_DETAILS } from '../model/contact-details';
import { PublicPage } from '@/components/layout/PublicPage';
import '@/lib/i18n/texts/support';

/** /contact-us: phone and email rows, Customer Support messengers, office address (docs/product.md §2.11). */
export function ContactUsPage() {
  const { t } = useTranslation('support');
  return (
    <PublicPage title={t('contact.title')}>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {t('contact.subtitle')}
      </Typography>
      <Stack spacing={2}>
        <Card>
          <List disablePadding>
            <ListItem>
              <ListItemIcon sx={{ color: 'primary.main' }}>
                <PhoneIcon />
              </ListItemIcon>
              <ListItemText
                primary={t('contact.phone')}
                secondary={<Link href={CONTACT_DETAILS.phoneHref}>{CONTACT_DETAILS.phone}</Link>}
              />
            </ListItem>
            <ListItem>
              <ListItemIcon sx={{ color: 'primary.main' }}>
                <EmailIcon />
              </ListItemIcon>
              <ListItemText
                primary={t('contact.email')}
                secondary={<Link href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</Link>}
              />
            </ListItem>
            <ListItem>
              <ListItemIcon sx={{ color: 'primary.main' }}>
                <PlaceIcon />
              </ListItemIcon>
              <ListItemText primary={t('contact.address')} secondary={CONTACT_DETAILS.address} />
            </ListItem>
          </List>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h3" component="h2">
              {t('contact.customerSupport')}
            </Typography>
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              {t('contact.customerSupportHint')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button
                variant="outlined"
                startIcon={<TelegramIcon />}
                href={CONTACT_DETAILS.telegramUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('contact.telegram')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<WhatsAppIcon />}
                href={CONTACT_DETAILS.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('contact.whatsapp')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </PublicPage>
  );
}
