import { DEFAULT_THEME, MantineProvider, mergeMantineTheme } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeacherGatepassPage } from '../features/gatepasses/pages/teacher-gatepass-page';
import { gatePass } from '../features/gatepasses/test/data';
import { renderScreen, stubApi, TEACHER } from '../test/render';
import { theme } from './theme';

const appTheme = mergeMantineTheme(DEFAULT_THEME, theme);

type Rgb = [number, number, number];

/** A button's colour variable as a colour: a theme shade, white or black, a hex or an rgb(a) value. */
function resolve(value: string): Rgb {
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  if (shade) return resolve(appTheme.colors[shade[1]!]![Number(shade[2])]!);
  if (value === 'var(--mantine-color-white)') return resolve(appTheme.white);
  if (value === 'var(--mantine-color-black)') return resolve(appTheme.black);
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return resolve(`#${short[1]!.repeat(2)}${short[2]!.repeat(2)}${short[3]!.repeat(2)}`);
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  if (hex) return [1, 2, 3].map((i) => parseInt(hex[i]!, 16)) as Rgb;
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*1)?\)$/.exec(value);
  if (rgb) return [1, 2, 3].map((i) => Number(rgb[i])) as Rgb;
  throw new Error(`cannot resolve colour ${value}`);
}

/** WCAG 2.1 contrast ratio. */
function contrast(a: Rgb, b: Rgb): number {
  const luminance = (rgb: Rgb) => {
    const [r, g, b] = rgb.map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

afterEach(() => vi.unstubAllGlobals());

describe('theme', { timeout: 15_000 }, () => {
  it("keeps the teacher's Approve button at WCAG AA contrast, hovered or not", async () => {
    stubApi(({ path }) => ({
      status: 200,
      body: path.endsWith('/pending') ? [gatePass({ name: 'Ravi Kumar', rollNo: 230003 })] : [],
    }));
    renderScreen(
      <MantineProvider theme={theme} env="test">
        <TeacherGatepassPage />
      </MantineProvider>,
      TEACHER,
    );
    const row = await screen.findByRole('row', { name: 'Ravi Kumar (230003)' });
    const approve = within(row).getByRole('button', { name: 'Approve' });
    const variable = (name: string) => approve.style.getPropertyValue(name).trim();

    const text = resolve(variable('--button-color'));
    expect(contrast(text, resolve(variable('--button-bg')))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, resolve(variable('--button-hover')))).toBeGreaterThanOrEqual(4.5);
  });
});
