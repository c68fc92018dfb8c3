import LogoutIcon from '@mui/icons-material/Logout';
import GroupIcon from '@mui/icons-material/Group';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu, { type MenuProps } from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { selectUser } from '@/lib/auth/auth-slice';
import { usePermissions } from '@/lib/auth/permissions';
import { useSignOut } from '@/lib/auth/session';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store';

/**
 * Whether `open` has been true since the component mounted: a menu or dialog that stays closed
 * on most visits renders nothing until first opened (its first render then plays the opening
 * transition), and stays mounted afterwards so that it can play the closing one. A closed MUI
 * Menu or Dialog still renders its Popover, Modal and their hooks and styles in every render of
 * what holds it (the signed-in shell's first render, each new unread count).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived while rendering (React's documented pattern for state from props): no extra commit.
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** Asks before signing out: a stray tap on a phone must not end the session. */
export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { signOut } = useSignOut();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('nav.signOutConfirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('nav.signOutConfirm.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={signOut}>
          {t('nav.signOutConfirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The signed-in user's menu (the phones' bottom bar and the drawer open it): who is signed in,
 * Settings, and Sign out, which asks first (SignOutDialog).
 */
export function AccountMenu({
  id,
  anchor,
  onClose,
  anchorOrigin,
  transformOrigin,
}: { id: string; anchor: HTMLElement | null; onClose: () => void } & Pick<MenuProps, 'anchorOrigin' | 'transformOrigin'>) {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const { loaded, can } = usePermissions();
  const [confirming, setConfirming] = useState(false);
  // Rendered once first opened: until then the shell's every render would render them closed.
  const menuOpened = useOpenedOnce(Boolean(anchor));
  const dialogOpened = useOpenedOnce(confirming);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <>
      {menuOpened && (
        <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} anchorOrigin={anchorOrigin} transformOrigin={transformOrigin}>
          {user && (
            <Box component="li" role="presentation" data-testid="account-menu-user" sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 300 }}>
              {name && <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>{name}</Typography>}
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
            </Box>
          )}
          {user && <Divider component="li" role="presentation" />}
          <MenuItem component={ReactRouterLink} to={paths.settings} onClick={onClose}>
            <ListItemIcon>
              <SettingsIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.settings')} />
          </MenuItem>
          {loaded && can('members.read') && (
            <MenuItem component={ReactRouterLink} to={paths.members} onClick={onClose}>
              <ListItemIcon>
                <GroupIcon />
              </ListItemIcon>
              <ListItemText primary={t('nav.members')} />
            </MenuItem>
          )}
          <MenuItem
            onClick={() => {
              onClose();
              setConfirming(true);
            }}
          >
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.signOut')} />
          </MenuItem>
        </Menu>
      )}
      {dialogOpened && <SignOutDialog open={confirming} onClose={() => setConfirming(false)} />}
    </>
  );
}
