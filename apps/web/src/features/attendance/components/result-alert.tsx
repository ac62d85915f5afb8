/** The outcome of a submit: green for success (role status), red for failure (role alert). */
import { Alert, darken, useMantineTheme } from '@mantine/core';
import type { ReactNode } from 'react';

export function SuccessAlert({ children }: { children: ReactNode }) {
  const theme = useMantineTheme();
  // Mantine's light green text on its light green background is below WCAG AA (3.8:1); darken it.
  const color = darken(theme.colors.green[9], 0.3);
  return (
    <Alert color="green" role="status" vars={() => ({ root: { '--alert-color': color } })}>
      {children}
    </Alert>
  );
}

export function FailureAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" role="alert">
      {children}
    </Alert>
  );
}
