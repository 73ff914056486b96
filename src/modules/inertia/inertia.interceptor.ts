import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable, from, mergeMap, of } from 'rxjs';
import { InertiaService } from './inertia.service';
import { InertiaLocation, InertiaResponse } from './inertia.types';

/** Turns InertiaResponse / InertiaLocation values returned by controllers into protocol responses. */
@Injectable()
export class InertiaInterceptor implements NestInterceptor {
  constructor(private readonly inertia: InertiaService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      mergeMap((value) => {
        if (value instanceof InertiaResponse) {
          return from(this.inertia.send(req, res, value.component, value.props, value.status).then(() => undefined));
        }
        if (value instanceof InertiaLocation) {
          this.inertia.location(req, res, value.url);
          return of(undefined);
        }
        return of(value);
      }),
    );
  }
}
