import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** A darker primary shade than Mantine's default, so text on buttons meets WCAG AA contrast. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/** Mantine's default dimmed grey fails WCAG AA on white; use the next darker grey. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
