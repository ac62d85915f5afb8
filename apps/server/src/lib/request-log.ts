/**
 * One access line a request: "request completed" (or "request errored") at `info`, naming the
 * method and route as well as the status and time. Fastify's own "incoming request" line is written
 * at `debug`: at `info` it doubled the cost of logging, a third of a cached read's time (decision
 * record 0089). The process tests that wait for a request to arrive run at `debug`.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLineLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      // The root logger, with the request's id written out: a child logger made for this one line
      // cost as much as the line (lib/lazy-logger.ts).
      request.server.log.info(
        { [this.requestIdLogLabel]: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}
