import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import HistoryIcon from '@mui/icons-material/History';
import LabelIcon from '@mui/icons-material/Label';
import PersonIcon from '@mui/icons-material/Person';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import WebhookIcon from '@mui/icons-material/Webhook';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { selectRole, usePermissions } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store';
import { Page } from '@/components/layout/Page';
import { CloseCompanyCard } from './CloseCompanyCard';
import '@/lib/i18n/texts/account';

/** /settings: Contact Us (docs/product.md §2.11) plus Account (docs/decisions.md). */
export function SettingsPage() {
  const { t } = useTranslation('account');
  const owner = useAppSelector(selectRole) === 'ROLE_COMPANY';
  const { can } = usePermissions();
  const entries = [
    { to: paths.account, icon: <PersonIcon />, label: t('settings.account'), hint: t('settings.accountHint') },
    // Owners connect the company's own systems (webhooks).
    ...(owner ? [{ to: paths.integrations, icon: <WebhookIcon />, label: t('settings.integrations'), hint: t('settings.integrationsHint') }] : []),
    // Owners read who changed what (the audit trail).
    ...(owner ? [{ to: paths.audit, icon: <HistoryIcon />, label: t('settings.audit'), hint: t('settings.auditHint') }] : []),
    // Bookkeepers, admins and owners code purchases and export them to accounting.
    ...(owner && can('transactions.code') ? [{ to: paths.coding, icon: <LabelIcon />, label: t('settings.coding'), hint: t('settings.codingHint') }] : []),
    { to: paths.contactUs, icon: <SupportAgentIcon />, label: t('settings.contactUs'), hint: t('settings.contactUsHint') },
  ];
  return (
    <Page title={t('settings.title')} maxWidth="sm">
      <Card>
        <List disablePadding component="div">
          {entries.map((entry) => (
            <ListItemButton key={entry.to} component={ReactRouterLink} to={entry.to} sx={{ py: 2 }}>
              <ListItemIcon sx={{ color: 'primary.main' }}>{entry.icon}</ListItemIcon>
              <ListItemText primary={entry.label} secondary={entry.hint} />
              <ChevronRightIcon color="action" />
            </ListItemButton>
          ))}
        </List>
      </Card>
      {can('company.close') && <CloseCompanyCard />}
    </Page>
  );
}
