import { createTheme } from '@mui/material/styles';

/** Dark, mobile-style theme (PRODUCT.md). MUI 9: style with `sx`, no system props. */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#35c27a', contrastText: '#06130c' },
    secondary: { main: '#f5a623' },
    error: { main: '#f0524f' },
    warning: { main: '#f5a623' },
    success: { main: '#35c27a' },
    background: { default: '#0f1115', paper: '#171a21' },
    divider: 'rgba(255,255,255,0.08)',
    text: { primary: '#eef1f5', secondary: '#9aa3b2' },
  },
  shape: { borderRadius: 14 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.9rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 12, minHeight: 44 } },
    },
    MuiTextField: { defaultProps: { variant: 'outlined', fullWidth: true } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: { styleOverrides: { root: { border: '1px solid rgba(255,255,255,0.06)' } } },
  },
});
