import Box from '@mui/material/Box';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../api/payments-api';
import { methodKind, methodLabel } from '../model/method-label';
import '@/lib/i18n/texts/payments';

interface SavedMethodListProps {
  methods: PaymentMethod[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Without it the rows have no remove button (a role that may not change payment methods). */
  onRemove?: (method: PaymentMethod) => void;
}

/** The saved methods as a single-choice list, each with a remove button when onRemove is given. */
export function SavedMethodList({ methods, selectedId, onSelect, onRemove }: SavedMethodListProps) {
  const { t } = useTranslation('payments');
  return (
    <List aria-label={t('savedMethods')} disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {methods.map((method) => {
        const label = methodLabel(method, t);
        const selected = method.id === selectedId;
        return (
          <ListItem
            key={method.id}
            disablePadding
            secondaryAction={
              onRemove && (
                <IconButton edge="end" aria-label={t('remove', { method: label })} onClick={() => onRemove(method)}>
                  <DeleteOutlineIcon />
                </IconButton>
              )
            }
            sx={{
              border: 1,
              borderColor: selected ? 'primary.main' : 'divider',
              borderRadius: 2,
              bgcolor: selected ? 'action.selected' : 'transparent',
            }}
          >
            {/* The row is the one control (no radio input nested inside a button): pressed = selected. */}
            <ListItemButton onClick={() => onSelect(method.id)} aria-pressed={selected} sx={{ borderRadius: 2, pr: onRemove ? 7 : 2 }}>
              <Radio checked={selected} tabIndex={-1} disableRipple edge="start" slotProps={{ input: { 'aria-hidden': true, disabled: true } }} sx={{ pointerEvents: 'none' }} />
              <ListItemIcon sx={{ minWidth: 40 }}>
                {method.type === 'us_bank_account' ? <AccountBalanceIcon /> : <CreditCardIcon />}
              </ListItemIcon>
              <ListItemText
                primary={label}
                secondary={
                  <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {/* The selected row's lighter background takes text.secondary under 4.5:1 (axe color-contrast). */}
                    <Box component="span" sx={{ color: 'text.primary' }}>
                      {methodKind(method, t)}
                    </Box>
                    {method.isDefault && <Chip component="span" size="small" label={t('method.default')} />}
                  </Stack>
                }
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
