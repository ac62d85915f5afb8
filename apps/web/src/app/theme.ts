import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Mantine hovers a filled shade-9 button with the lighter shade 8, which drops white text below WCAG AA
 * (teal: 5.0:1 → 3.9:1); darken shade 9 instead, as every other shade does by going one step darker.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === 9) {
    return { ...colors, hover: darken(parsed.value, 0.1) };
  }
  return colors;
};

/** A darker primary shade than Mantine's default, so text on buttons meets WCAG AA contrast. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  variantColorResolver,
});

/**
 * Mantine's default dimmed grey and the text of its light alerts and badges fall short of WCAG AA
 * on their backgrounds; use darker shades.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': '#1f5e2a',
    '--mantine-color-red-light-color': '#a11d1d',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-yellow-light-color': '#6b4400',
    '--mantine-color-orange-light-color': '#8a3a00',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
  },
  dark: {},
});
