import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ValidationFailedException } from '../../common/validation';
import { clientIp } from '../auth';
import type { User } from '../users';
import type { AuditContext } from './audit.service';

/** Who acts and from where, for the audit row of an admin request. */
export const auditContext = (user: User, req: Request): AuditContext => ({ actor: user, ip: clientIp(req) });

/** The signed-in admin and their address as the audit context of the request: `@AuditActor() actor: AuditContext`. */
export const AuditActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuditContext => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return auditContext(req.user!, req);
});

/** The uploaded file's bytes, or a 422 on the field when none came. */
export function uploadedBytes(file: { buffer: Buffer } | undefined, field: string): Buffer {
  if (!file?.buffer?.length) throw ValidationFailedException.of(field, 'Choose a file to upload.');
  return file.buffer;
}
