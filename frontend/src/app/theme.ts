import { createTheme } from '@mui/material/styles';

/**
 * Noto Sans JP (self-hosted, ui.md) first; its style sheet is attached after the first screen
 * (web-font.ts), so the first paint uses the system fonts after it: Apple's (Hiragino), a locally
 * installed Noto Sans JP, Android's and Linux's Noto Sans CJK JP, Windows' Yu Gothic and Meiryo.
 */
const fontFamily = [
  '"Noto Sans JP Variable"',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Hiragino Sans"',
  '"Hiragino Kaku Gothic ProN"',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  '"Yu Gothic UI"',
  '"Yu Gothic"',
  'Meiryo',
  '"Segoe UI"',
  'Roboto',
  'sans-serif',
].join(', ');

/** The one theme: light, a calm teal brand colour, a warm coral accent. */
export const theme = createTheme({
  spacing: 8,
  palette: {
    mode: 'light',
    primary: { main: '#1f6f78', light: '#4f9aa2', dark: '#11474d', contrastText: '#ffffff' },
    secondary: { main: '#c2410c', contrastText: '#ffffff' },
    background: { default: '#f7f7f5', paper: '#ffffff' },
    text: { primary: '#1f2328', secondary: '#57606a' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily,
    body1: { lineHeight: 1.75 },
    body2: { lineHeight: 1.75 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 16,
          boxShadow: '0 1px 2px rgba(31, 35, 40, 0.06), 0 4px 16px rgba(31, 35, 40, 0.06)',
        },
      },
    },
    // Labels of controls break between words only: the page's "anywhere" (below) let a button or a
    // chip squeezed by a wide neighbour shrink to one letter per line ("Searc/h").
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { borderRadius: 999, overflowWrap: 'normal' } } },
    MuiFab: { styleOverrides: { root: { overflowWrap: 'normal', whiteSpace: 'nowrap' } } },
    MuiChip: { styleOverrides: { root: { overflowWrap: 'normal' } } },
    MuiTab: { styleOverrides: { root: { overflowWrap: 'normal' } } },
    // A count in a badge (the bell's "11") on one line: "anywhere" stacked its digits.
    MuiBadge: { styleOverrides: { badge: { overflowWrap: 'normal', whiteSpace: 'nowrap' } } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    // MUI's default unselected toggle text (#000 at 54%) is 4.48:1 on white: below AA.
    MuiToggleButton: { styleOverrides: { root: { color: '#57606a' } } },
    // A focus ring keyboard users can see on every control, not only a faint ripple.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #11474d', outlineOffset: 2 } } },
    },
    MuiCssBaseline: {
      styleOverrides: {
        // Long unbroken text (a 100-character caption, a URL) wraps instead of widening a page.
        body: { lineHeight: 1.75, overflowWrap: 'anywhere' },
        ':focus-visible': { outline: '3px solid #11474d', outlineOffset: 2 },
      },
    },
  },
});
