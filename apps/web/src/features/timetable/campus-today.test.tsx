/**
 * The campus's today, which the staff and student screens open on: read in the campus's zone, not the
 * device's, so that near midnight a device elsewhere does not ask for another day.
 */
import { configure, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi, TEACHER, type Reply } from '../../test/render';
import { useTermSettings } from './api';
import { useCampusClock, useCampusToday } from './campus-now';
import { campusTime, DAY, deviceAt, NEXT_DAY, TERM } from './test/data';

configure({ asyncUtilTimeout: 5000 });

/**
 * Both readings; whether the settings have come and the campus's clock is read (the Today card's);
 * and a button that renders them again, as any change on a screen would.
 */
function Today() {
  const live = useCampusToday();
  const steady = useCampusToday({ steady: true });
  const term = useTermSettings();
  const clock = useCampusClock(term.data?.timeZone);
  const [, render] = useReducer((n: number) => n + 1, 0);
  return (
    <>
      <p>
        live {live} steady {steady}
      </p>
      <p>settings {term.status}</p>
      <p>clock {clock?.day ?? 'unknown'}</p>
      <button onClick={render}>Again</button>
    </>
  );
}

let undo = () => {};
afterEach(() => {
  undo();
  vi.unstubAllGlobals();
});

function campus(settings: Reply) {
  stubApi((call) =>
    call.path === '/api/timetable-settings' ? settings : { status: 404, body: { message: 'not found' } },
  );
  return renderScreen(<Today />, TEACHER);
}

describe("the campus's today", { timeout: 15_000 }, () => {
  it("is the campus's day when the device is a day ahead, and when it is a day behind", async () => {
    // 23:30 on the campus is 03:00 the next day in Tokyo.
    undo = deviceAt('Asia/Tokyo', campusTime('23:30'));
    const ahead = campus({ status: 200, body: TERM });
    expect(await screen.findByText(`live ${DAY} steady ${DAY}`)).toBeInTheDocument();
    ahead.unmount();
    undo();

    // 00:30 on the campus is still the day before in New York.
    undo = deviceAt('America/New_York', campusTime('00:30', NEXT_DAY));
    campus({ status: 200, body: TERM });
    expect(await screen.findByText(`live ${NEXT_DAY} steady ${NEXT_DAY}`)).toBeInTheDocument();
  });

  it("is the device's day while the campus's zone cannot be read", async () => {
    undo = deviceAt('Asia/Tokyo', campusTime('23:30'));
    campus({ status: 500, body: { message: 'down' } });
    expect(await screen.findByText('settings error')).toBeInTheDocument();
    expect(screen.getByText(`live ${NEXT_DAY} steady ${NEXT_DAY}`)).toBeInTheDocument();
  });

  it("is the device's day on a campus that has not set its zone, as the server then allows", async () => {
    undo = deviceAt('Asia/Tokyo', campusTime('23:30'));
    campus({ status: 200, body: { ...TERM, timeZone: 'UTC' } });
    // The clock reads UTC's day; the screens keep the device's.
    expect(await screen.findByText(`clock ${DAY}`)).toBeInTheDocument();
    expect(screen.getByText(`live ${NEXT_DAY} steady ${NEXT_DAY}`)).toBeInTheDocument();
  });

  it("turns at the campus's midnight, or keeps the day it opened on when asked to", async () => {
    undo = deviceAt('Asia/Tokyo', campusTime('23:59'));
    const { user } = campus({ status: 200, body: TERM });
    expect(await screen.findByText(`live ${DAY} steady ${DAY}`)).toBeInTheDocument();
    vi.setSystemTime(campusTime('00:01', NEXT_DAY));
    await user.click(screen.getByRole('button', { name: 'Again' }));
    expect(await screen.findByText(`live ${NEXT_DAY} steady ${DAY}`)).toBeInTheDocument();
  });
});
