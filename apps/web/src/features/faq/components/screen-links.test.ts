import { describe, expect, it } from 'vitest';
import { linkScreens } from './screen-links';

describe('linkScreens', () => {
  it("links the screens an answer names to the reader's own area", () => {
    expect(linkScreens('Go to Gatepass, open Apply for Gate Pass, and submit.', '/student/home')).toEqual([
      'Go to ',
      { text: 'Gatepass', to: '/student/gatepass' },
      ', open Apply for Gate Pass, and submit.',
    ]);
    expect(linkScreens('Open Queries, choose Write Query.', '/teacher/gatepass')).toEqual([
      'Open ',
      { text: 'Queries', to: '/teacher/queries' },
      ', choose Write Query.',
    ]);
  });

  it('links a screen once, leaves lower-case words and other areas alone', () => {
    expect(
      linkScreens('Open Attendance to see your attendance. Attendance lists days.', '/student/x'),
    ).toEqual([
      'Open ',
      { text: 'Attendance', to: '/student/attendance' },
      ' to see your attendance. Attendance lists days.',
    ]);
    expect(linkScreens('Open Gatepass.', '/admin/home')).toEqual(['Open Gatepass.']);
    expect(linkScreens('Open Gatepass.', '/support')).toEqual(['Open Gatepass.']);
  });

  it('prefers the longer name and links several screens', () => {
    expect(linkScreens('Open View Profile, or the Events tab.', '/student/home')).toEqual([
      'Open ',
      { text: 'View Profile', to: '/student/profile' },
      ', or the ',
      { text: 'Events tab', to: '/student/home' },
      '.',
    ]);
  });
});
