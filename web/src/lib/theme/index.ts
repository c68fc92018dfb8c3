import { createTheme } from '@mui/material/styles';

/** Focus ring: light green, ≥ 3:1 against the dark background and the green buttons' surroundings. */
const FOCUS_RING = '#b8f5d3';

/** Dark, mobile-style theme (docs/decisions.md). MUI 9: style with `sx`, no system props. */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    // `dark` is the contained buttons' hover: MUI's default (#258755) leaves the dark text at
    // 4.2:1 under a resting mouse pointer (axe color-contrast needs 4.5:1); these keep it above 6.
    primary: { main: '#35c27a', dark: '#2eaa6b', contrastText: '#06130c' },
    secondary: { main: '#f5a623' },
    // Dark text on the red buttons: white on #f0524f is 3.3:1 (axe color-contrast needs 4.5:1).
    // light: red text on dark and red-tinted surfaces (8:1 on a declined row's tint).
    error: { main: '#f0524f', dark: '#e04c49', light: '#ff9c99', contrastText: '#1a0505' },
    warning: { main: '#f5a623' },
    success: { main: '#35c27a' },
    background: { default: '#0f1115', paper: '#171a21' },
    divider: 'rgba(255,255,255,0.08)',
    text: { primary: '#eef1f5', secondary: '#9aa3b2' },
  },
  shape: { borderRadius: 14 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.9rem', fontWeight: 700, '@media (max-width:599.95px)': { fontSize: '1.55rem' } },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A visible focus ring for keyboard users on every control (the ripple alone is too faint).
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 },
        '[tabindex="-1"]:focus': { outline: 'none' },
      },
    },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 } } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 12, minHeight: 44 } },
    },
    MuiTextField: { defaultProps: { variant: 'outlined', fullWidth: true } },
    // A chosen option wraps between words instead of ending in an ellipsis ("Predeterminado de la
    // empresa" in a 320 px dialog): the field grows a line rather than hide what was chosen.
    MuiSelect: { styleOverrides: { select: { whiteSpace: 'normal', overflowWrap: 'break-word' } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: { styleOverrides: { root: { border: '1px solid rgba(255,255,255,0.06)' } } },
    // Small tables: 8 px each side of a cell's text (MUI's 16), so that the back office's wide
    // tables (IFTA's eleven columns, the vehicles') fit beside the open drawer at 1280 px
    // instead of hiding their last columns behind a sideways scroll.
    MuiTableCell: { styleOverrides: { sizeSmall: { paddingLeft: 8, paddingRight: 8 } } },
  },
});
export { styleCache } from './style-cache';
