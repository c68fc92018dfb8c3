import AssessmentIcon from '@mui/icons-material/Assessment';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import RouteIcon from '@mui/icons-material/Route';
import SettingsIcon from '@mui/icons-material/Settings';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink, NavLink, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { selectRole } from '@/lib/auth/auth-slice';
import { usePermissions, type Action } from '@/lib/auth/permissions';
import type { RoleCode } from '@/lib/auth/types';
import { useAppSelector } from '@/lib/store';
import { AccountMenu, useOpenedOnce } from './AccountMenu';

/** Drawer sizes and its remembered state (docs/product.md §2.2, §9). */
export const DRAWER_OPEN_WIDTH = 300;
export const DRAWER_CLOSED_WIDTH = 80;
export const DRAWER_STORAGE_KEY = 'navigationDrawerOpen';

function readDrawerOpen(): boolean {
  return localStorage.getItem(DRAWER_STORAGE_KEY) !== 'false';
}

/** One entry of the drawer and the bottom bar; `label` is a common-namespace key. */
export interface NavEntry {
  to: string;
  label: string;
  /** The phones' bottom bar's label (common namespace): one short word that fits a fifth of 320 px in every language. */
  barLabel?: string;
  icon: ReactElement;
  match: readonly string[];
  /** A count shown on the icon (e.g. unread alerts); nothing when 0 or absent. */
  badge?: number;
  /** Shown only to this role. */
  role?: RoleCode;
  /** Shown only when the member's role may do this (GET /api/account/permissions). */
  action?: Action;
  /** On phones, under "More" for these roles (the bottom bar holds at most 5 items). */
  moreFor?: readonly RoleCode[];
  /** On phones, in the account menu instead of the bar. */
  accountMenuOnPhones?: boolean;
}

/** The phones' bottom bar holds at most this many destinations (More and Account included). */
export const BOTTOM_BAR_MAX_ITEMS = 5;

const leadingEntries: readonly NavEntry[] = [
  { to: paths.dashboard, label: 'nav.dashboard', barLabel: 'nav.short.dashboard', icon: <DashboardIcon />, match: [paths.dashboard] },
  {
    to: paths.navigation,
    label: 'nav.navigation',
    barLabel: 'nav.short.navigation',
    icon: <LocalGasStationIcon />,
    match: [paths.navigation, paths.wexLocations, paths.assistant],
  },
  // Drivers run trips from their phone; owners reach them under More.
  { to: paths.trips, label: 'nav.trips', barLabel: 'nav.short.trips', icon: <RouteIcon />, match: [paths.trips], moreFor: ['ROLE_COMPANY'] },
];
const trailingEntries: readonly NavEntry[] = [
  {
    to: paths.compliance,
    label: 'nav.compliance',
    icon: <AssessmentIcon />,
    match: [paths.compliance],
    role: 'ROLE_COMPANY',
    action: 'compliance.read',
    moreFor: ['ROLE_COMPANY'],
  },
  {
    to: paths.vehicles,
    label: 'nav.vehicles',
    icon: <LocalShippingIcon />,
    match: [paths.vehicles],
    role: 'ROLE_COMPANY',
    action: 'vehicles.read',
    moreFor: ['ROLE_COMPANY'],
  },
  { to: paths.ifta, label: 'nav.ifta', icon: <ReceiptLongIcon />, match: [paths.ifta], role: 'ROLE_COMPANY', action: 'ifta.read', moreFor: ['ROLE_COMPANY'] },
  {
    to: paths.statements,
    label: 'nav.statements',
    icon: <ReceiptLongIcon />,
    match: [paths.statements],
    role: 'ROLE_COMPANY',
    action: 'statements.read',
    moreFor: ['ROLE_COMPANY'],
  },
  // On phones Settings is in the account menu (AccountMenu), beside Sign out.
  {
    to: paths.settings,
    label: 'nav.settings',
    icon: <SettingsIcon />,
    match: [paths.settings, paths.account, paths.contactUs, paths.integrations, paths.audit, paths.coding],
    accountMenuOnPhones: true,
  },
];

/** The entries the signed-in user's role sees, with the page's extra ones (alerts) before the trailing ones. */
function useEntries(extraEntries: readonly NavEntry[]): { visible: readonly NavEntry[]; inMore: (entry: NavEntry) => boolean } {
  const role = useAppSelector(selectRole);
  const { can } = usePermissions();
  const visible = [...leadingEntries, ...extraEntries, ...trailingEntries].filter(
    (entry) => (!entry.role || entry.role === role) && (!entry.action || can(entry.action)),
  );
  return { visible, inMore: (entry) => Boolean(role && entry.moreFor?.includes(role)) };
}

/** The entry's icon, with its count when there is one. */
function EntryIcon({ entry }: { entry: NavEntry }) {
  if (!entry.badge) return entry.icon;
  return (
    <Badge badgeContent={entry.badge} color="error" max={99} data-testid="nav-badge">
      {entry.icon}
    </Badge>
  );
}

/** The entry's accessible name: its label (or the one given, the bar's), plus the count when there is one. */
function useEntryName() {
  const { t } = useTranslation();
  // The count as the badge shows it, where it shows it (before the label): the name must contain the visible text in order.
  return (entry: NavEntry, label = entry.label) =>
    entry.badge ? t('nav.withCount', { label: t(label), count: entry.badge, shown: entry.badge > 99 ? '99+' : entry.badge }) : t(label);
}

/** Height of the phones' bottom navigation bar (without the device's safe area). */
export const BOTTOM_BAR_HEIGHT = 64;

/** Phones: below the `md` breakpoint (900 px) the drawer gives way to a bottom bar. */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
}

const isActive = (match: readonly string[], pathname: string) =>
  match.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * When a page opens and the keyboard focus was lost (sign-in removed the focused button,
 * a clicked row unmounted), move it to the page's heading, or else its first control,
 * so keyboard and screen-reader users start on the page instead of the body.
 */
function useFocusPageOnOpen(pathname: string, main: RefObject<HTMLElement | null>) {
  useEffect(() => {
    let tries = 0;
    let timer: number | undefined;
    const focusPage = () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const root = main.current;
      const heading = root?.querySelector<HTMLElement>('h1');
      const target =
        heading ??
        root?.querySelector<HTMLElement>('button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])');
      if (target) {
        if (target === heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      } else if (tries++ < 30) {
        timer = window.setTimeout(focusPage, 100); // the page may still be loading
      }
    };
    timer = window.setTimeout(focusPage, 0);
    return () => window.clearTimeout(timer);
  }, [pathname, main]);
}

/**
 * The signed-in layout. From 900 px up: a collapsible side drawer beside the page
 * (docs/product.md §2.2). On phones: a bottom navigation bar, so the page keeps the screen's width.
 * The page keeps its place in the tree whichever the navigation is: a window crossing the
 * breakpoint (a tablet turned, a screenshot tool resizing) must not remount it and lose what
 * it holds (an open dialog, a half-typed form).
 */
export function AppShell({ children, extraEntries = [] }: { children: ReactNode; extraEntries?: readonly NavEntry[] }) {
  const phone = useIsPhone();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusPageOnOpen(pathname, main);
  // A driver the company has not approved yet has one page, the waiting one (with its own Sign
  // out): every destination would show it again, and their data is refused until the approval.
  const waiting = useAppSelector((state) => state.auth.user?.driverStatus === 'PENDING');
  if (waiting)
    return (
      <Box component="main" ref={main} sx={{ minHeight: '100dvh' }}>
        {children}
      </Box>
    );
  return (
    <Box sx={{ display: phone ? 'block' : 'flex', minHeight: '100dvh' }}>
      {!phone && <SideDrawer extraEntries={extraEntries} />}
      <Box
        component="main"
        ref={main}
        sx={phone ? { minWidth: 0, pb: `calc(${BOTTOM_BAR_HEIGHT}px + env(safe-area-inset-bottom))` } : { flexGrow: 1, minWidth: 0 }}
      >
        {children}
      </Box>
      {phone && <BottomBar extraEntries={extraEntries} />}
    </Box>
  );
}

interface NavProps {
  extraEntries: readonly NavEntry[];
}

/**
 * Phones: a fixed bottom bar of at most BOTTOM_BAR_MAX_ITEMS destinations, each a short label
 * on one line (never broken inside a word, never cut), with More (owners' further pages) and
 * Account (Settings and Sign out, AccountMenu) last.
 */
function BottomBar({ extraEntries }: NavProps) {
  const { t } = useTranslation();
  const entryName = useEntryName();
  const { pathname } = useLocation();
  const { visible, inMore } = useEntries(extraEntries);
  const barEntries = visible.filter((entry) => !inMore(entry) && !entry.accountMenuOnPhones);
  const moreEntries = visible.filter(inMore);
  const accountEntries = visible.filter((entry) => entry.accountMenuOnPhones);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  // Rendered once first opened (useOpenedOnce): most visits never open it.
  const moreOpened = useOpenedOnce(Boolean(moreAnchor));
  const moreMenuId = useId();
  const accountMenuId = useId();
  const itemSx = {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'flex-start',
    gap: 0.25,
    pt: 1,
    px: 0.25,
    color: 'text.secondary',
    textDecoration: 'none',
    fontSize: '0.75rem',
    fontWeight: 600,
    borderRadius: 3,
    '&[aria-current="page"]': { color: 'primary.main' },
  } as const;
  const buttonSx = { ...itemSx, border: 0, bgcolor: 'transparent', font: 'inherit', cursor: 'pointer' } as const;
  // One line, whole words: the labels are single short words (barLabel); a label that ever
  // outgrows its fifth of the bar overflows visibly (the e2e check measures it) rather than breaking.
  // Its own type: a button's font is the page's (font: inherit above), a link's the bar's.
  const labelSx = { maxWidth: '100%', textAlign: 'center', fontSize: '0.75rem', fontWeight: 600, lineHeight: 1.15, whiteSpace: 'nowrap' } as const;
  const menuOrigin = {
    anchorOrigin: { vertical: 'top', horizontal: 'right' },
    transformOrigin: { vertical: 'bottom', horizontal: 'right' },
  } as const;
  const accountActive = accountEntries.some((entry) => isActive(entry.match, pathname));
  return (
    <>
      {/* Whatever is scrolled into view (focus, find, a tap's target) stops above the bar. */}
      <GlobalStyles styles={{ html: { scrollPaddingBottom: `calc(${BOTTOM_BAR_HEIGHT + 8}px + env(safe-area-inset-bottom))` } }} />
      <Paper
        square
        elevation={8}
        data-testid="navigation-bar"
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          display: 'flex',
          alignItems: 'stretch',
          height: `calc(${BOTTOM_BAR_HEIGHT}px + env(safe-area-inset-bottom))`,
          pb: 'env(safe-area-inset-bottom)',
          px: 0.5,
          borderTop: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Box component="nav" aria-label={t('nav.mainMenu')} sx={{ display: 'flex', flex: barEntries.length, minWidth: 0 }}>
          {barEntries.map((entry) => (
            <Box
              key={entry.to}
              component={NavLink}
              to={entry.to}
              aria-current={isActive(entry.match, pathname) ? 'page' : undefined}
              aria-label={entry.badge ? entryName(entry, entry.barLabel) : undefined}
              data-testid="navigation-bar-item"
              sx={itemSx}
            >
              <EntryIcon entry={entry} />
              {/* A space between the badge's count and the label: their text reads "38 Alerts", not "38Alerts", as the name must contain it. */}{' '}
              <Box component="span" data-testid="navigation-bar-label" sx={labelSx}>
                {t(entry.barLabel ?? entry.label)}
              </Box>
            </Box>
          ))}
        </Box>
        {moreEntries.length > 0 && (
          <>
            <Box
              component="button"
              type="button"
              aria-haspopup="menu"
              aria-expanded={moreAnchor ? 'true' : undefined}
              aria-controls={moreAnchor ? moreMenuId : undefined}
              aria-current={moreEntries.some((entry) => isActive(entry.match, pathname)) ? 'page' : undefined}
              onClick={(event) => setMoreAnchor(event.currentTarget as HTMLElement)}
              data-testid="navigation-bar-item"
              sx={buttonSx}
            >
              <MoreHorizIcon />
              <Box component="span" data-testid="navigation-bar-label" sx={labelSx}>
                {t('nav.more')}
              </Box>
            </Box>
            {moreOpened && (
              <Menu id={moreMenuId} anchorEl={moreAnchor} open={Boolean(moreAnchor)} onClose={() => setMoreAnchor(null)} {...menuOrigin}>
                {moreEntries.map((entry) => (
                  <MenuItem key={entry.to} component={ReactRouterLink} to={entry.to} onClick={() => setMoreAnchor(null)}>
                    <ListItemIcon>
                      <EntryIcon entry={entry} />
                    </ListItemIcon>
                    <ListItemText primary={entryName(entry)} />
                  </MenuItem>
                ))}
              </Menu>
            )}
          </>
        )}
        <Box
          component="button"
          type="button"
          aria-haspopup="menu"
          aria-expanded={accountAnchor ? 'true' : undefined}
          aria-controls={accountAnchor ? accountMenuId : undefined}
          aria-current={accountActive ? 'page' : undefined}
          onClick={(event) => setAccountAnchor(event.currentTarget as HTMLElement)}
          data-testid="navigation-bar-item"
          sx={buttonSx}
        >
          <AccountCircleIcon />
          <Box component="span" data-testid="navigation-bar-label" sx={labelSx}>
            {t('nav.account')}
          </Box>
        </Box>
        <AccountMenu id={accountMenuId} anchor={accountAnchor} onClose={() => setAccountAnchor(null)} {...menuOrigin} />
      </Paper>
    </>
  );
}

/** Tablets and desktops: docs/product.md's drawer, 300 px open, 80 px closed, remembered. */
function SideDrawer({ extraEntries }: NavProps) {
  const { t } = useTranslation();
  const entryName = useEntryName();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(readDrawerOpen);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const accountMenuId = useId();
  const { visible } = useEntries(extraEntries);
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
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', height: 72, px: open ? 2.5 : 0, justifyContent: open ? 'space-between' : 'center' }}>
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
        {visible.map((entry) => {
          const active = isActive(entry.match, pathname);
          const label = entryName(entry);
          return (
            <Tooltip key={entry.to} title={open ? '' : label} placement="right">
              <ListItemButton
                component={NavLink}
                to={entry.to}
                className={active ? 'active' : undefined}
                // Always named: collapsed, the icon is all there is (and an undefined
                // aria-label here would override the one the Tooltip gives).
                aria-label={label}
                sx={itemSx}
              >
                <ListItemIcon sx={iconSx}>
                  <EntryIcon entry={entry} />
                </ListItemIcon>{' '}
                {open && <ListItemText primary={t(entry.label)} />}
              </ListItemButton>
            </Tooltip>
          );
        })}
      </List>
      <Divider />
      <List component="div">
        <Tooltip title={open ? '' : t('nav.account')} placement="right">
          <ListItemButton
            onClick={(event) => setAccountAnchor(event.currentTarget)}
            sx={itemSx}
            aria-label={t('nav.account')}
            aria-haspopup="menu"
            aria-expanded={accountAnchor ? 'true' : undefined}
            aria-controls={accountAnchor ? accountMenuId : undefined}
          >
            <ListItemIcon sx={iconSx}>
              <AccountCircleIcon />
            </ListItemIcon>
            {open && <ListItemText primary={t('nav.account')} />}
          </ListItemButton>
        </Tooltip>
      </List>
      <AccountMenu
        id={accountMenuId}
        anchor={accountAnchor}
        onClose={() => setAccountAnchor(null)}
        // Above the Account entry, inside the drawer's width when it is open.
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      />
    </Drawer>
  );
}
