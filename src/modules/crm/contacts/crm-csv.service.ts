import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { ValidationFailedException } from '../../../common/validation';
import type { ContactStage, ImportReport } from '../../../contracts/crm';
import { CrmAccessService } from '../crm-access.service';
import { CONTACT_STAGES } from '../crm.constants';
import { CrmRepository } from '../crm.repository';
import { csvCell, parseCsv } from './csv';
import { identityOf, keysToFill } from './identity';
import type { CrmCaller } from '../current-book';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
const EXPORT_COLUMNS = ['name', 'email', 'phone', 'stage', 'source', 'tags', 'created_at', 'last_activity_at'];

/**
 * CSV import and export of a book. An import is one transaction: a file that cannot be read changes nothing;
 * each row is matched on normalised email or E.164 phone (against the book and the rows before it) and merged
 * into that contact, or created; rows with bad values are skipped and reported by line.
 */
@Injectable()
export class CrmCsvService {
  constructor(
    private readonly repo: CrmRepository,
    private readonly access: CrmAccessService,
    private readonly clock: Clock,
  ) {}

  async import(caller: CrmCaller, bytes: Buffer | undefined): Promise<ImportReport> {
    const book = this.access.assertManager(caller.book);
    const rows = this.read(bytes);
    const header = rows[0].map((h) => h.trim().toLowerCase());
    const col = (name: string) => header.indexOf(name);
    if (col('email') < 0 && col('phone') < 0) {
      throw ValidationFailedException.of('file', 'The first row must name an "email" or a "phone" column.');
    }
    const cell = (row: string[], name: string) => (col(name) >= 0 ? (row[col(name)] ?? '').trim() : '');
    const now = this.clock.now();
    const actorId = caller.user.id;
    const report: ImportReport = { created: 0, merged: 0, skipped: 0, rows: [] };
    await this.repo.transaction(async (tx) => {
      for (let i = 1; i < rows.length; i++) {
        const line = i + 1;
        const row = rows[i];
        const checked = identityOf({ email: cell(row, 'email'), phone: cell(row, 'phone') });
        const stage = (cell(row, 'stage') || 'new') as ContactStage;
        const skip = (reason: string) => {
          report.skipped++;
          report.rows.push({ line, outcome: 'skipped', reason });
        };
        if (!checked.ok) {
          skip(`invalid ${checked.field}`);
          continue;
        }
        const { email, phone } = checked.identity;
        if (!email && !phone) {
          skip('no email or phone');
          continue;
        }
        if (!CONTACT_STAGES.includes(stage)) {
          skip(`unknown stage "${stage}"`);
          continue;
        }
        const name = cell(row, 'name').slice(0, 200);
        // Tags part at ';' (our export), '|' or ',' (as typed in the contact's tag box, and by most CRMs).
        const tags = cell(row, 'tags')
          .split(/[;|,]/)
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean);
        const matches = await tx.findByIdentity(book.teamId, { email, phone });
        const [match] = matches;
        let contactId: string;
        if (match) {
          await tx.updateContact(match.id, {
            ...keysToFill(matches, { email, phone }),
            name: match.name || name,
            tags: [...new Set([...match.tags, ...tags])],
            updatedAt: now,
          });
          contactId = match.id;
          report.merged++;
          report.rows.push({ line, outcome: 'merged', reason: match.email === email ? 'same email' : 'same phone' });
        } else {
          const created = await tx.insertContact({
            teamId: book.teamId,
            name,
            email,
            phone,
            userId: null,
            source: 'import',
            tags,
            stage,
            at: now,
          });
          contactId = created.id;
          report.created++;
          report.rows.push({ line, outcome: 'created', reason: null });
        }
        await tx.addActivity({
          teamId: book.teamId,
          contactId,
          kind: 'imported',
          source: 'import',
          body: `Imported from CSV (line ${line})`,
          data: {},
          actorId,
          createdAt: now,
        });
      }
    });
    return report;
  }

  /** The whole book as CSV, read in keyset pages so memory stays flat. */
  async *export(caller: CrmCaller): AsyncGenerator<string> {
    const book = this.access.assertManager(caller.book);
    yield `${EXPORT_COLUMNS.join(',')}\r\n`;
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const page = await this.repo.contactsAfter(book.teamId, after, 500);
      if (!page.length) return;
      yield page
        .map((c) =>
          [
            c.name,
            c.email,
            c.phone,
            c.stage,
            c.source,
            c.tags.join(';'),
            c.createdAt.toISOString(),
            c.lastActivityAt.toISOString(),
          ]
            .map(csvCell)
            .join(','),
        )
        .join('\r\n')
        .concat('\r\n');
      const last = page[page.length - 1];
      after = { at: last.lastActivityAt, id: last.id };
    }
  }

  private read(bytes: Buffer | undefined): string[][] {
    if (!bytes || bytes.length === 0) throw ValidationFailedException.of('file', 'Choose a CSV file to import.');
    if (bytes.length > IMPORT_MAX_BYTES) {
      throw ValidationFailedException.of('file', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
    }
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    if (text.includes('\u0000') || text.includes('\uFFFD')) {
      throw ValidationFailedException.of('file', 'This is not a UTF-8 text CSV file.');
    }
    let rows: string[][];
    try {
      rows = parseCsv(text);
    } catch (error) {
      throw ValidationFailedException.of('file', `The CSV cannot be read: ${(error as Error).message}.`);
    }
    if (rows.length < 2) throw ValidationFailedException.of('file', 'The CSV has no rows under its header.');
    if (rows.length > IMPORT_MAX_ROWS + 1) {
      throw ValidationFailedException.of('file', `Import at most ${IMPORT_MAX_ROWS} rows at a time.`);
    }
    return rows;
  }
}
