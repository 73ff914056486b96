import { createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentTeamService } from '../teams';
import type { User } from '../users';
import { CrmAccessService, type Book } from './crm-access.service';

/** Who is working and in which book: the signed-in user and their current team's book (the session decides). */
export interface CrmCaller {
  user: User;
  book: Book;
}

/** Reads the caller's current book off the request, so services take a CrmCaller and never the Express request. */
@Injectable()
export class CurrentBookPipe implements PipeTransform<Request, Promise<CrmCaller>> {
  constructor(
    private readonly access: CrmAccessService,
    private readonly currentTeam: CurrentTeamService,
  ) {}

  async transform(req: Request): Promise<CrmCaller> {
    const user = req.user as User;
    this.access.assertCrmUser(user);
    return { user, book: this.access.bookFrom(await this.currentTeam.of(req)) };
  }
}

const TheRequest = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  context.switchToHttp().getRequest<Request>(),
);

/** `@InBook() caller: CrmCaller` on a CRM route: the signed-in user and the book of their current team. */
export const InBook = () => TheRequest(CurrentBookPipe);
