/** The one error handler: every failure answers `{ message }` with a fitting status, never a stack. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';
import { applySecurityHeaders } from './security';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "date is required", "body.userId: User ID must be numeric" → the field is always named. */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      const message = issue.message ?? 'is invalid';
      const name = field || context || 'request';
      if (/^[a-z]/.test(message)) return `${name} ${message}`;
      return message.toLowerCase().includes(name.toLowerCase()) ? message : `${name}: ${message}`;
    })
    .join('; ');
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty but says it is JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is larger than 1 MiB'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'The request body must be JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body'],
};

/** Errors raised before routing (a path that is not valid percent-encoding) answer like any other. */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  applySecurityHeaders(request, reply);
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ message: 'The request path is not a valid url' });
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  void reply.code(500).send({ message: 'Internal server error' });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: describeValidation(error.validationContext, error.validation) });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ message: known[1] });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    applySecurityHeaders(request, reply);
    reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
