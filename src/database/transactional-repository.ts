import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/**
 * The base of a repository whose methods run on `m`: the data source's manager, or, in the copy that
 * `transaction(work)` hands out, that transaction's manager, so a rule made of several repository calls commits
 * or rolls back as one. Inside a transaction, `transaction` runs the work on the same copy (never nested).
 */
export abstract class TransactionalRepository {
  private boundManager: EntityManager | null = null;

  // Subclasses declare no constructor: Nest reads this one's injection through the class chain.
  constructor(@InjectDataSource() protected readonly db: DataSource) {}

  protected get m(): EntityManager {
    return this.boundManager ?? this.db.manager;
  }

  transaction<T>(work: (tx: this) => Promise<T>): Promise<T> {
    if (this.boundManager) return work(this);
    return this.db.transaction((manager) => {
      const bound = Object.create(this) as this;
      bound.boundManager = manager;
      return work(bound);
    });
  }

  /** `other` bound to this copy's transaction (itself outside one): a rule spanning two repositories commits once. */
  joined<R extends TransactionalRepository>(other: R): R {
    if (!this.boundManager) return other;
    const bound = Object.create(other) as R;
    (bound as TransactionalRepository).boundManager = this.boundManager;
    return bound;
  }
}
