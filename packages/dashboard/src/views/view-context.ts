import type { ResolvedDashboardOptions } from '../options.js';

/** What a view is rendered with: the options, the request's URL, and its response's nonce. */
export interface ViewContext {
  readonly options: ResolvedDashboardOptions;
  readonly url: URL;
  readonly nonce: string;
  /** The notice a finished action left (`?notice=`), from a fixed list: never text from the request. */
  readonly notice: string | undefined;
}

/** The notices an action may redirect with, by the key it puts in `?notice=`. */
export const NOTICES: Readonly<Record<string, string>> = {
  retried: 'Moved back to its queue: the job runs again with its attempts reset.',
  retried_all: 'Moved every listed dead letter back to its queue.',
  replayed: 'Replay requested: the delivery goes through your handlers again.',
};
