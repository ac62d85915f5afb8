import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { IdentityFields } from './identity-fields';

/** The pieces a value may wrap between: the text between its line-break opportunities. */
function pieces(element: HTMLElement): string[] {
  return element.innerHTML.split('<wbr>');
}

describe('IdentityFields', () => {
  it('names each value, and shows a missing one as not available', () => {
    renderScreen(
      <IdentityFields
        label="Applying as"
        fields={[
          { label: 'Name', value: 'Kavya Chopra' },
          { label: 'Roll number', value: 230001 },
          { label: 'Contact', value: null },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Applying as' });
    expect(
      within(region)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Roll number', 'Contact']);
    expect(
      within(region)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Kavya Chopra', '230001', 'Not Available']);
  });

  it('lets an email address wrap after its @ or before a dot of its name, never inside the domain', () => {
    renderScreen(
      <IdentityFields
        fields={[
          { label: 'Email', value: 'kavya.chopra.230001@campus.example.edu' },
          { label: 'Name', value: 'Dr. Anjali Rao' },
        ]}
      />,
    );
    const [email, name] = screen.getAllByRole('definition') as [HTMLElement, HTMLElement];
    expect(email).toHaveTextContent(/^kavya\.chopra\.230001@campus\.example\.edu$/);
    expect(pieces(email)).toEqual(['kavya', '.chopra', '.230001@', 'campus.example.edu']);
    // Only an email address: a name's dot is not a place to break.
    expect(pieces(name)).toEqual(['Dr. Anjali Rao']);
  });
});
