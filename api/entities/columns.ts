/** Column helpers shared by the entities. */
import { type ValueTransformer } from 'typeorm';

/** Money columns are PostgreSQL bigint cents; in code they are bigint, never number. */
export const bigintCents: ValueTransformer = {
  from: (value: string | null) => (value === null ? null : BigInt(value)),
  to: (value: bigint | null | undefined) => (value === null || value === undefined ? value : value.toString()),
};
