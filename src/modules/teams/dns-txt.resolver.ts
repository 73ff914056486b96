import { Injectable } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';

/** Reads a domain's TXT records (each record's strings joined). Behind an interface so tests use a local DNS server. */
export abstract class TxtResolver {
  abstract resolveTxt(domain: string): Promise<string[]>;
}

/** The system resolver, or the servers given with `useServers` (tests point it at a local fake DNS server). */
@Injectable()
export class DnsTxtResolver extends TxtResolver {
  private resolver = new Resolver({ timeout: 3000, tries: 2 });

  useServers(servers: string[]): void {
    this.resolver = new Resolver({ timeout: 3000, tries: 2 });
    this.resolver.setServers(servers);
  }

  async resolveTxt(domain: string): Promise<string[]> {
    try {
      return (await this.resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
    } catch {
      // No record, no domain or no answer all mean the same here: not proven.
      return [];
    }
  }
}
