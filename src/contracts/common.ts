/**
 * Wire shapes shared by the server's mappers and the React client. Type-only: nothing here exists at run time,
 * so the server build and the client bundle both import from this folder without pulling code across.
 */

/** One page of an API list: current_page, last_page, per_page and total beside the rows. */
export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** A page that also links to its neighbours (Laravel-style next/prev URLs with the same filters). */
export interface LinkedPage<T> extends Page<T> {
  from: number | null;
  to: number | null;
  next_page_url: string | null;
  prev_page_url: string | null;
  path: string;
}

/** An amount of money: integer minor units (cents) and an ISO 4217 currency code. Never a float. */
export interface Money {
  amount_minor: number;
  currency: string;
}

/** A 422 answer: the first message and every field's messages. */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}
