import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../test/render';
import { RequireRole } from './guards';

const decoded = (role: string) => ({ decoded: { role, name: 'Asha', email: 'a@x.edu', exp: 9999999999 } });
const routes = {
  '/': <p>sign-in screen</p>,
  '/student/home': <p>student home</p>,
  '/teacher/home': <p>teacher home</p>,
};

function renderTeacherArea([status, body]: [number, unknown]) {
  stubApi(() => ({ status, body }));
  renderScreen(
    <RequireRole role="teacher">{(s) => <p>teacher area of {s.name}</p>}</RequireRole>,
    undefined,
    {
      path: '/teacher/area',
      routes,
    },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RequireRole', () => {
  it('sends a signed-out visitor to the sign-in screen', async () => {
    renderTeacherArea([200, decoded('teacher')]);
    expect(await screen.findByText('sign-in screen')).toBeInTheDocument();
  });

  it('lets the right role in', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderTeacherArea([200, decoded('teacher')]);
    expect(await screen.findByText('teacher area of Asha')).toBeInTheDocument();
  });

  it('keeps a student in the student area', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderTeacherArea([200, decoded('student')]);
    expect(await screen.findByText('student home')).toBeInTheDocument();
  });

  it('keeps the token and offers a retry when the server cannot be reached', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderTeacherArea([503, { message: 'unavailable' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching data');
    expect(localStorage.getItem('jwtToken')).toBe('tok');
  });

  it('sends an expired session back to sign in', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderTeacherArea([401, { message: 'Your session has ended. Please sign in again.' }]);
    expect(await screen.findByText('sign-in screen')).toBeInTheDocument();
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });
});
