import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { ShownOnceDialog } from './shown-once-dialog';

const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2U=';

describe('ShownOnceDialog', () => {
  it('shows the secret with a warning; Copy puts it on the clipboard and Done closes', async () => {
    const onClose = vi.fn();
    const { user } = renderScreen(
      <ShownOnceDialog
        title="Signing secret"
        label="Secret"
        value={SECRET}
        warning="It will not be shown again."
        onClose={onClose}
      >
        Where it goes.
      </ShownOnceDialog>,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Copy it now.*It will not be shown again\./);
    expect(within(dialog).getByRole('textbox', { name: 'Secret' })).toHaveValue(SECRET);
    expect(within(dialog).getByText('Where it goes.')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is closed while there is no secret', () => {
    renderScreen(
      <ShownOnceDialog
        title="Signing secret"
        label="Secret"
        value={null}
        warning="Never shown"
        onClose={vi.fn()}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Never shown')).toBeNull();
  });
});
