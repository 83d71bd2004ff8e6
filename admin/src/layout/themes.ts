import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The storefront's visual language (violet to cyan accent, deep navy surfaces) applied to react-admin. */
const FONT = "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif";

const shared: RaThemeOptions = {
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: FONT,
    h4: { fontWeight: 800 },
    h5: { fontWeight: 800 },
    h6: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 700 },
  },
  sidebar: { width: 240, closedWidth: 56 },
};

/** The menu's current page: an accent bar on its left and a tinted background. */
const menuItemLink = (accent: string, activeBackground: string) => ({
  styleOverrides: {
    root: {
      borderLeft: '3px solid transparent',
      '&.RaMenuItemLink-active': {
        borderLeft: `3px solid ${accent}`,
        backgroundColor: activeBackground,
      },
    },
  },
});

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#8b6dff', contrastText: '#ffffff' },
    secondary: { main: '#22d3ee', contrastText: '#06121a' },
    background: { default: '#080a13', paper: '#131829' },
    divider: 'rgba(150, 164, 255, 0.14)',
    text: { primary: '#eef0fb', secondary: '#9ea6c4' },
  },
  components: {
    ...defaultDarkTheme.components,
    MuiAppBar: {
      styleOverrides: {
        colorSecondary: {
          backgroundColor: 'rgba(8, 10, 19, 0.9)',
          backgroundImage: 'none',
          color: '#eef0fb',
          borderBottom: '1px solid rgba(150, 164, 255, 0.14)',
          backdropFilter: 'blur(12px)',
        },
      },
    },
    MuiPaper: {
      styleOverrides: {
        root: { backgroundImage: 'none' },
        outlined: { borderColor: 'rgba(150, 164, 255, 0.14)' },
      },
    },
    RaMenuItemLink: menuItemLink('#8b6dff', 'rgba(124, 92, 255, 0.12)'),
    RaToolbar: {
      styleOverrides: {
        root: { backgroundColor: '#1a2036' },
      },
    },
  },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: '#6a4cf0', contrastText: '#ffffff' },
    secondary: { main: '#0891b2', contrastText: '#ffffff' },
    background: { default: '#f4f5fb', paper: '#ffffff' },
  },
  components: {
    ...defaultLightTheme.components,
    MuiAppBar: {
      styleOverrides: {
        colorSecondary: {
          backgroundColor: '#ffffff',
          color: '#1b1f33',
          borderBottom: '1px solid rgba(27, 31, 51, 0.08)',
        },
      },
    },
    RaMenuItemLink: menuItemLink('#6a4cf0', 'rgba(106, 76, 240, 0.08)'),
  },
};
