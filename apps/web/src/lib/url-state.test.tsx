import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Router, useLocation, type Location, type Navigator, type To } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  flagFrom,
  oneOf,
  pageFrom,
  pageParam,
  sortFrom,
  sortParams,
  useUrlState,
  type UrlChanges,
} from './url-state';

const byTime = (key: string) => (key === 'createdAt' ? 'desc' : 'asc');

describe('the view read from the address', () => {
  it('takes a named tab, page, flag and sort, and falls back to the defaults for anything else', () => {
    expect(oneOf('solved', ['unsolved', 'solved'], 'unsolved')).toBe('solved');
    expect(oneOf('hacked', ['unsolved', 'solved'], 'unsolved')).toBe('unsolved');
    expect(oneOf(null, ['unsolved', 'solved'], 'unsolved')).toBe('unsolved');
    expect([
      pageFrom('3'),
      pageFrom('1'),
      pageFrom('0'),
      pageFrom('-2'),
      pageFrom('2.5'),
      pageFrom('x'),
    ]).toEqual([2, 0, 0, 0, 0, 0]);
    expect(pageFrom('99999')).toBe(0);
    expect([flagFrom('1'), flagFrom('0'), flagFrom(null), flagFrom('yes')]).toEqual([
      true,
      false,
      null,
      null,
    ]);
    const keys = ['createdAt', 'name'] as const;
    expect(sortFrom(new URLSearchParams('sort=name'), keys, 'createdAt', byTime)).toEqual({
      key: 'name',
      order: 'asc',
    });
    expect(sortFrom(new URLSearchParams('sort=password&order=up'), keys, 'createdAt', byTime)).toEqual({
      key: 'createdAt',
      order: 'desc',
    });
  });

  it('names only what differs from the default, so the first view has a bare address', () => {
    expect(pageParam(0)).toBeNull();
    expect(pageParam(2)).toBe('3');
    expect(sortParams({ key: 'createdAt', order: 'desc' }, 'createdAt', byTime)).toEqual({
      sort: null,
      order: null,
    });
    expect(sortParams({ key: 'name', order: 'desc' }, 'createdAt', byTime)).toEqual({
      sort: 'name',
      order: 'desc',
    });
  });
});

describe('useUrlState', () => {
  it('changes several keys at once, drops emptied ones and keeps the rest', () => {
    let change: ReturnType<typeof useUrlState>['change'] = () => {};
    function Probe() {
      change = useUrlState().change;
      const location = useLocation();
      return <output>{location.search}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/teacher/queries?tab=solved&group=CSE-A&page=2']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('?tab=solved&group=CSE-A&page=2');
    act(() => change({ group: null, mine: '0', page: '' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^\?tab=solved&mine=0$/);
  });

  it('keeps both of two changes made before the next render', () => {
    let change: ReturnType<typeof useUrlState>['change'] = () => {};
    function Probe() {
      change = useUrlState().change;
      return <output>{useLocation().search}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/student/queries?tab=solved&q=fees&page=2']}>
        <Probe />
      </MemoryRouter>,
    );
    // A search box emptied and a tag typed, settling in the same moment.
    act(() => {
      change({ q: null, page: null });
      change({ tag: 'exam', page: null });
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^\?tab=solved&tag=exam$/);
  });

  it('works a change out from the address as the last change left it, rendered or not', () => {
    let change: ReturnType<typeof useUrlState>['change'] = () => {};
    function Probe() {
      change = useUrlState().change;
      return <output>{useLocation().search}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/teacher/gatepass']}>
        <Probe />
      </MemoryRouter>,
    );
    // A column clicked twice in quick succession: name, then name turned round.
    const toggle = (current: URLSearchParams): UrlChanges =>
      current.get('sort') === 'name'
        ? { order: current.get('order') === 'desc' ? null : 'desc' }
        : { sort: 'name', order: null };
    act(() => {
      change(toggle);
      change(toggle);
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^\?sort=name&order=desc$/);
  });

  it('works the next change out from the last one when an older one renders after it was asked for', () => {
    let change: ReturnType<typeof useUrlState>['change'] = () => {};
    function Probe() {
      change = useUrlState().change;
      return <output>{useLocation().search}</output>;
    }
    // A router that renders only what the test gives it, so that the first of two quick clicks can be
    // rendered after the second was made, as a transition may.
    const asked: Location[] = [];
    const record = (to: To, state?: unknown) => {
      const path = typeof to === 'string' ? new URL(to, 'http://campus.test/teacher/queries') : to;
      asked.push({
        pathname: path.pathname ?? '/teacher/queries',
        search: path.search ?? '',
        hash: '',
        state,
        key: String(asked.length),
      });
    };
    const navigator: Navigator = {
      createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`),
      go: () => {},
      push: record,
      replace: record,
    };
    const at = (location: Location | string) => (
      <Router location={location} navigator={navigator}>
        <Probe />
      </Router>
    );
    const { rerender } = render(at('/teacher/queries'));
    const toggle = (current: URLSearchParams): UrlChanges =>
      current.get('sort') === 'name'
        ? { order: current.get('order') === 'desc' ? null : 'desc' }
        : { sort: 'name', order: null };
    act(() => change(toggle));
    act(() => change(toggle));
    expect(asked.map((location) => location.search)).toEqual(['?sort=name', '?sort=name&order=desc']);
    // The first click renders; the second is still on its way when Next is pressed.
    rerender(at(asked[0]!));
    expect(screen.getByRole('status')).toHaveTextContent(/^\?sort=name$/);
    act(() => change({ page: '2' }));
    expect(asked[2]!.search).toBe('?sort=name&order=desc&page=2');
    // Every change rendered: an address from elsewhere (a link, Back) is what the next change starts from.
    rerender(at(asked[1]!));
    rerender(at(asked[2]!));
    rerender(at('/teacher/queries?tab=solved'));
    act(() => change({ page: '3' }));
    expect(asked[3]!.search).toBe('?tab=solved&page=3');
  });
});
