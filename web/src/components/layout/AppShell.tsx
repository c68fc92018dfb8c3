import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { useSignOut } from '@/lib/auth/session';

/** Drawer sizes and its remembered state (SPEC §2.2, §9). */
export const DRAWER_OPEN_WIDTH = 300;
export const DRAWER_CLOSED_WIDTH = 80;
export const DRAWER_STORAGE_KEY = 'navigationDrawerOpen';

function readDrawerOpen(): boolean {
  return localStorage.getItem(DRAWER_STORAGE_KEY) !== 'false';
}

const entries = [
  { to: paths.dashboard, label: 'nav.dashboard', icon: <DashboardIcon />, match: [paths.dashboard] },
  {
    to: paths.navigation,
    label: 'nav.navigation',
    icon: <LocalGasStationIcon />,
    match: [paths.navigation, paths.wexLocations, paths.assistant],
  },
  { to: paths.settings, label: 'nav.settings', icon: <SettingsIcon />, match: [paths.settings, paths.account, paths.contactUs] },
] as const;

/** The signed-in layout: a collapsible side drawer beside the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { signOut } = useSignOut();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(readDrawerOpen);
  const width = open ? DRAWER_OPEN_WIDTH : DRAWER_CLOSED_WIDTH;

  const toggle = () => {
    setOpen((previous) => {
      localStorage.setItem(DRAWER_STORAGE_KEY, String(!previous));
      return !previous;
    });
  };

  const itemSx = {
    minHeight: 52,
    mx: 1.5,
    my: 0.5,
    px: 2,
    borderRadius: 3,
    justifyContent: open ? 'flex-start' : 'center',
    '&.active': { bgcolor: 'rgba(53,194,122,0.14)', color: 'primary.main' },
    '&.active .MuiListItemIcon-root': { color: 'primary.main' },
  } as const;
  const iconSx = { minWidth: 0, mr: open ? 2 : 0, justifyContent: 'center' } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Drawer
        variant="permanent"
        data-testid="navigation-drawer"
        data-state={open ? 'open' : 'closed'}
        sx={{
          width,
          flexShrink: 0,
          transition: 'width 200ms',
          '& .MuiDrawer-paper': {
            width,
            overflowX: 'hidden',
            transition: 'width 200ms',
            boxSizing: 'border-box',
            bgcolor: 'background.paper',
            borderRight: '1px solid',
            borderColor: 'divider',
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', height: 72, px: open ? 2.5 : 0, justifyContent: open ? 'space-between' : 'center' }}>
          {open && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <LocalGasStationIcon color="primary" />
              <Typography variant="h3" component="span" noWrap>
                {t('appName')}
              </Typography>
            </Box>
          )}
          <IconButton onClick={toggle} aria-label={open ? t('nav.closeDrawer') : t('nav.openDrawer')} aria-expanded={open}>
            {open ? <ChevronLeftIcon /> : <MenuIcon />}
          </IconButton>
        </Box>
        <Divider />
        <List component="nav" aria-label={t('nav.mainMenu')} sx={{ flexGrow: 1 }}>
          {entries.map((entry) => {
            const active = entry.match.some((path) => pathname === path || pathname.startsWith(`${path}/`));
            const label = t(entry.label);
            return (
              <Tooltip key={entry.to} title={open ? '' : label} placement="right">
                <ListItemButton component={NavLink} to={entry.to} className={active ? 'active' : undefined} sx={itemSx}>
                  <ListItemIcon sx={iconSx}>{entry.icon}</ListItemIcon>
                  {open && <ListItemText primary={label} />}
                </ListItemButton>
              </Tooltip>
            );
          })}
        </List>
        <Divider />
        <List>
          <Tooltip title={open ? '' : t('nav.logout')} placement="right">
            <ListItemButton onClick={signOut} sx={itemSx} aria-label={t('nav.logout')}>
              <ListItemIcon sx={iconSx}>
                <LogoutIcon />
              </ListItemIcon>
              {open && <ListItemText primary={t('nav.logout')} />}
            </ListItemButton>
          </Tooltip>
        </List>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}
