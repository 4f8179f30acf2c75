import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A connection or a transaction: queries run inside whichever the caller holds. */
export type Executor = Kysely<Database>;
