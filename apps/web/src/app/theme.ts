import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  rem,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/** The shade a deep colour takes as text or an outline on a dark page. */
const DARK_INK_SHADE = 3;
const INKED_VARIANTS = new Set(['outline', 'subtle', 'transparent']);

/**
 * Two changes to Mantine's variant colours, both for WCAG AA contrast:
 * - Mantine hovers a filled shade-9 button with the lighter shade 8, which drops white text below AA
 *   (teal: 5.0:1 → 3.9:1); darken shade 9 instead, as every other shade does by going one step darker.
 * - The deep shades (6–9) that outline and subtle buttons and badges use for their text read well on a
 *   light page and badly on a dark one (red 9 on the dark body: 2.6:1); on a dark page they take a light
 *   shade of the same colour. Filled ones keep their shade, under white text, in both schemes.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === 9) {
    return { ...colors, hover: darken(parsed.value, 0.1) };
  }
  if (
    INKED_VARIANTS.has(input.variant) &&
    parsed.isThemeColor &&
    parsed.shade !== undefined &&
    parsed.shade >= 6
  ) {
    const ink = `light-dark(var(--mantine-color-${parsed.color}-${parsed.shade}), var(--mantine-color-${parsed.color}-${DARK_INK_SHADE}))`;
    return {
      ...colors,
      color: ink,
      border: input.variant === 'outline' ? `${rem(1)} solid ${ink}` : colors.border,
    };
  }
  return colors;
};

/** The least height (and, for an icon button, width) of a control on a phone: WCAG 2.5.5's 44 CSS px. */
export const TAP_SIZE = '44px';

/** A darker primary shade than Mantine's default, so white text on buttons meets WCAG AA in both schemes. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // One step of size and weight per level, so that a page's title, its sections and its cards read as
  // three levels in both schemes (the colour is --campus-text-heading).
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: rem(26), lineHeight: '1.25', fontWeight: '750' },
      h2: { fontSize: rem(21), lineHeight: '1.3', fontWeight: '700' },
      h3: { fontSize: rem(18), lineHeight: '1.35', fontWeight: '650' },
      h4: { fontSize: rem(16), lineHeight: '1.4', fontWeight: '600' },
    },
  },
  variantColorResolver,
});

/**
 * The portal follows the system's colour scheme. Mantine's default dimmed grey and the text of its light
 * alerts and badges fall short of WCAG AA on their backgrounds; use darker shades on a light page and
 * lighter ones on a dark page. The `--campus-*` variables name what a colour is for, so that a screen
 * says "danger text" or "muted surface" once and gets the right shade in either scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    // The least a control a finger taps measures on a phone (phone-controls.css raises Mantine's sizes to it).
    '--campus-tap-size': TAP_SIZE,
  },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': '#1f5e2a',
    '--mantine-color-red-light-color': '#a11d1d',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-yellow-light-color': '#6b4400',
    '--mantine-color-orange-light-color': '#8a3a00',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    '--campus-text-danger': 'var(--mantine-color-red-9)',
    '--campus-text-success': 'var(--mantine-color-green-9)',
    '--campus-text-warning': '#8a3a00',
    '--campus-text-link': 'var(--mantine-color-blue-9)',
    '--campus-text-nav': 'var(--mantine-color-gray-8)',
    '--campus-text-heading': 'var(--mantine-color-black)',
    '--campus-border': 'var(--mantine-color-gray-3)',
    '--campus-surface-muted': 'var(--mantine-color-gray-0)',
    '--campus-surface-held': 'var(--mantine-color-gray-1)',
    '--campus-surface-unread': 'var(--mantine-color-blue-0)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-3)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-3)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-3)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-3)',
    '--mantine-color-yellow-light-color': 'var(--mantine-color-yellow-3)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-3)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-3)',
    '--campus-text-danger': 'var(--mantine-color-red-3)',
    '--campus-text-success': 'var(--mantine-color-green-3)',
    '--campus-text-warning': 'var(--mantine-color-orange-3)',
    '--campus-text-link': 'var(--mantine-color-blue-3)',
    '--campus-text-nav': 'var(--mantine-color-dark-0)',
    // Brighter than the body text (dark-0), as black headings stand out on a light page.
    '--campus-text-heading': 'var(--mantine-color-gray-0)',
    '--campus-border': 'var(--mantine-color-dark-4)',
    '--campus-surface-muted': 'var(--mantine-color-dark-6)',
    '--campus-surface-held': 'var(--mantine-color-dark-5)',
    // A blue tint, as in the light scheme, no lighter than the gray it replaces (the dimmed text on it keeps its contrast).
    '--campus-surface-unread':
      'color-mix(in srgb, var(--mantine-color-blue-9) 35%, var(--mantine-color-dark-7))',
  },
});
