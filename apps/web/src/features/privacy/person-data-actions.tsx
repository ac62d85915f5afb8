/**
 * The admin's actions on a person's data, for a list's "Manage" menu: download everything held
 * about them, and, once they have left (deactivated), erase their personal data.
 */
import { Menu } from '@mantine/core';
import { useState } from 'react';
import { showOutcome } from '../../components/toast';
import { serverMessageOr } from '../../lib/api-client';
import { downloadPersonData } from './api';
import { EraseDialog, type ErasureTarget } from './erase-dialog';

export interface DataSubject extends ErasureTarget {
  active: boolean;
}

export function usePersonDataActions() {
  const [target, setTarget] = useState<ErasureTarget | null>(null);

  const download = (person: DataSubject) => {
    downloadPersonData(person.accountId).then(
      (file) => showOutcome({ ok: true, message: `The data of ${person.name} was saved as ${file}.` }),
      (reason: unknown) =>
        showOutcome({ ok: false, message: serverMessageOr(reason, 'Could not download. Please try again.') }),
    );
  };

  /** The items, after a divider unless they are the menu's only ones. */
  const menuItems = (person: DataSubject, { alone = false } = {}) => (
    <>
      {!alone && <Menu.Divider />}
      <Menu.Item onClick={() => download(person)}>Download data</Menu.Item>
      {!person.active && (
        <Menu.Item color="red.8" onClick={() => setTarget(person)}>
          Erase personal data
        </Menu.Item>
      )}
    </>
  );

  const dialog = (
    <EraseDialog
      target={target}
      onClose={() => setTarget(null)}
      onErased={(pseudonym) => {
        const name = target?.name ?? 'The person';
        setTarget(null);
        showOutcome({ ok: true, message: `${name}'s personal data was erased: they are now ${pseudonym}.` });
      }}
    />
  );

  return { menuItems, dialog };
}
