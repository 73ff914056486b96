import {
  ArgumentsHost,
  Body,
  Catch,
  Controller,
  ExceptionFilter,
  Get,
  HttpCode,
  Param,
  PayloadTooLargeException,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { ContactShowProps, ContactsIndexProps, ImportReport } from '../../../contracts/crm';
import { CurrentUser } from '../../auth';
import type { User } from '../../users';
import { CrmContactsService } from './crm-contacts.service';
import { CrmCsvService, IMPORT_MAX_BYTES } from './crm-csv.service';
import { CrmMergeService } from './crm-merge.service';
import { ContactsQueryDto, MergeDto, NewTaskDto, NoteDto, StageDto, TagsDto, TaskDoneDto } from '../dto/crm.dto';
import { Authorize } from '../../policies';
import { InBook, type CrmCaller } from '../current-book';

/** A file over the import limit answers 422 on the field, like every other bad input. */
@Catch(PayloadTooLargeException)
class ImportTooLargeFilter implements ExceptionFilter {
  catch(_error: PayloadTooLargeException, host: ArgumentsHost): void {
    const message = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(422)
      .json({ message, errors: { file: [message] } });
  }
}

/** Contacts JSON API: the book's list, one contact, notes, stage, tags, tasks, merge and undo, CSV in and out. */
@Controller('api/crm')
export class CrmContactsController {
  constructor(
    private readonly contacts: CrmContactsService,
    private readonly merges: CrmMergeService,
    private readonly csv: CrmCsvService,
  ) {}

  @Get('contacts')
  async list(@InBook() caller: CrmCaller, @Query() q: ContactsQueryDto): Promise<ContactsIndexProps['contacts']> {
    return (await this.contacts.index(caller, q)).contacts;
  }

  /** The whole book as CSV (owners and admins). */
  @Get('contacts/export')
  async export(@InBook() caller: CrmCaller, @Res() res: Response): Promise<void> {
    const chunks = this.csv.export(caller);
    const first = await chunks.next(); // access is checked before any header is sent
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="contacts.csv"');
    if (!first.done) res.write(first.value);
    for await (const chunk of chunks) res.write(chunk);
    res.end();
  }

  /** CSV import (owners and admins): one transaction, deduped on email and phone, with a line-by-line report. */
  @Post('contacts/import')
  @HttpCode(200)
  @UseFilters(ImportTooLargeFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }))
  async import(
    @InBook() caller: CrmCaller,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ): Promise<ImportReport> {
    return this.csv.import(caller, file?.buffer);
  }

  @Get('contacts/:id')
  show(@Param('id', UuidPipe) id: string, @CurrentUser() user: User): Promise<ContactShowProps> {
    return this.contacts.show(user, id);
  }

  @Post('contacts/:id/notes')
  @Authorize('crm-contact.work')
  @HttpCode(201)
  note(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Body() body: NoteDto): Promise<ContactShowProps> {
    return this.contacts.addNote(user, id, body.body);
  }

  @Put('contacts/:id/stage')
  @Authorize('crm-contact.work')
  stage(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: StageDto,
  ): Promise<ContactShowProps> {
    return this.contacts.setStage(user, id, body.stage);
  }

  @Put('contacts/:id/tags')
  @Authorize('crm-contact.work')
  tags(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Body() body: TagsDto): Promise<ContactShowProps> {
    return this.contacts.setTags(user, id, body.tags);
  }

  @Post('contacts/:id/tasks')
  @Authorize('crm-contact.work')
  @HttpCode(201)
  task(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: NewTaskDto,
  ): Promise<ContactShowProps> {
    return this.contacts.addTask(user, id, body);
  }

  @Put('tasks/:id')
  @Authorize('crm-task.work')
  taskDone(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: TaskDoneDto,
  ): Promise<ContactShowProps> {
    return this.contacts.completeTask(user, id, body.done);
  }

  /** Merges the contact named in the body into this one (owners and admins). */
  @Post('contacts/:id/merge')
  @Authorize('crm-contact.merge')
  @HttpCode(200)
  merge(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Body() body: MergeDto) {
    return this.merges.merge(user, id, body.merge_id);
  }

  @Post('merges/:id/undo')
  @HttpCode(200)
  undo(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return this.merges.undo(user, id);
  }
}
