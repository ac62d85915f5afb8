/** Real-shaped queries for the fake server. */
import type { Query } from '@campus/contract';

let next = 0;
export function boardQuery(overrides: Partial<Query> = {}): Query {
  next += 1;
  return {
    _id: `00000000-0000-4000-9000-${String(next).padStart(12, '0')}`,
    name: 'Asha Rao',
    rollNo: 230002,
    email: 'asha.rao@campus.test',
    group: 'CSE-A',
    topic: `Topic ${next}`,
    tags: ['react'],
    description: `Question ${next}`,
    likes: 0,
    likedByMe: false,
    solution: 'null',
    solvedAt: null,
    solvedBy: null,
    createdAt: '2030-04-28T09:00:00.000Z',
    ...overrides,
  };
}
