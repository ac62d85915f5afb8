import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactTeacher } from '@campus/contract';
import { json, renderScreen, STUDENT, type FetchFn } from '../../../test/render';
import { ContactTeachersPage } from './contact-teachers-page';

const teacher = (name: string, email: string, isMentor: boolean, groups: string[]): ContactTeacher => ({
  _id: email,
  name,
  teacherId: 500000 + name.length,
  email,
  phoneNo: null,
  groups,
  isMentor,
});

const fetchMock = vi.fn<FetchFn>(() =>
  Promise.resolve(
    json(200, [
      teacher('Dr. Anjali Rao', 'anjali@campus.test', true, ['CSE-A']),
      teacher('Prof. Sameer Kulkarni', 'sameer@campus.test', false, ['CSE-B']),
    ]),
  ),
);
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('Contact Teachers', () => {
  it("lists the student's own mentor first, marked, each card with a mailto 'Contact Mentor' link", async () => {
    renderScreen(<ContactTeachersPage />, STUDENT);
    // Titled as the nav item that opens it; the cards are the spec's 'Contact Your Mentor' cards.
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Teachers' })).toBeInTheDocument();

    const section = await screen.findByRole('region', { name: 'Contact Your Mentor' });
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Dr. Anjali Rao',
      'Prof. Sameer Kulkarni',
    ]);
    expect(within(cards[0]!).getByText('Your mentor')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Your mentor')).not.toBeInTheDocument();

    const links = screen.getAllByRole('link', { name: /^Contact Mentor/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'mailto:anjali@campus.test',
      'mailto:sameer@campus.test',
    ]);
    expect(links[0]).toHaveTextContent('Contact Mentor');
  });
});
