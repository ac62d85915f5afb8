/** The movement log: who is out, who is overdue, and a day's exits and returns, as JSON and as CSV. */
import { GateMovementsQuerySchema, GateMovementsSchema } from '@campus/contract';
import type { z } from 'zod';
import { sendCsv } from '../../lib/csv';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import { sweepOverdue } from './overdue';
import { TAGS, errors, type RouteContext } from './route-context';

const CSV_HEADER = [
  'Roll No',
  'Name',
  'Group',
  'Pass date',
  'Leaves',
  'Back by',
  'Reason',
  'State',
  'Exit',
  'Exit by',
  'Return',
  'Return by guard',
];

export function movementRoutes(app: App, { gate, deps }: RouteContext) {
  const movementsFor = async (
    request: { query: z.output<typeof GateMovementsQuerySchema> },
    principal: ReturnType<typeof principalOf>,
  ) => {
    await sweepOverdue(deps);
    const date = request.query.date ?? (await deps.clock.today());
    return gate.movements(date, {
      group: request.query.group,
      mentoredBy: principal.role === 'teacher' ? principal.accountId : undefined,
    });
  };

  app.get(
    '/api/gate/movements',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          "Who is out now, who is overdue, and a day's exits and returns (teachers: their mentored groups' students)",
        querystring: GateMovementsQuerySchema,
        response: { 200: GateMovementsSchema, ...errors },
      },
    },
    async (request) => movementsFor(request, principalOf(request)),
  );

  app.get(
    '/api/gate/movements.csv',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary: "A day's exits and returns, and who is out now, as CSV (teachers: their mentored groups)",
        querystring: GateMovementsQuerySchema,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const log = await movementsFor(request, principalOf(request));
      const seen = new Set<string>();
      const rows = [...log.day, ...log.out].filter((m) => !seen.has(m.gatepassId) && seen.add(m.gatepassId));
      return sendCsv(
        reply,
        `movements-${log.date}${request.query.group ? `-${request.query.group}` : ''}.csv`,
        CSV_HEADER,
        rows.map((m) => [
          m.rollNo,
          m.name,
          m.group,
          m.date,
          m.time,
          m.returnBy ?? '',
          m.reason,
          m.gateState,
          m.exitedAt ?? '',
          m.exitedBy ?? '',
          m.returnedAt ?? '',
          m.returnedBy ?? '',
        ]),
      );
    },
  );
}
