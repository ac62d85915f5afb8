/** What a guardians file holds: one guardian's link to one student a row (decision record 0093). */
import {
  EmailCellSchema,
  OptionalUserIdCellSchema,
  PersonNameCellSchema,
  PhoneCellSchema,
  UserIdCellSchema,
} from '@campus/contract';
import type { KindSpec, Values } from './import-kinds';

export interface GuardianRow {
  /** Null: the portal gives the next free guardian User ID. */
  guardianId: number | null;
  name: string;
  /** In lower case: the address is who the guardian is across rows. */
  email: string;
  phoneNo: string | null | undefined;
  relation: string;
  RollNo: number;
}

export const GUARDIANS: KindSpec<GuardianRow> = {
  cells: {
    guardianId: OptionalUserIdCellSchema,
    name: PersonNameCellSchema,
    email: EmailCellSchema,
    phoneNo: PhoneCellSchema,
    relation: PersonNameCellSchema,
    RollNo: UserIdCellSchema,
  },
  build: (v: Values) => ({
    guardianId: (v.guardianId ?? null) as number | null,
    name: v.name as string,
    email: (v.email as string).toLowerCase(),
    phoneNo: v.phoneNo as string | null | undefined,
    relation: v.relation as string,
    RollNo: v.RollNo as number,
  }),
  check: (row) =>
    row.relation.length > 40 ? { field: 'relation', problem: 'must be at most 40 characters' } : undefined,
  key: (row) => `${row.email}\u0000${row.RollNo}`,
  duplicate: (row, first) => ({
    field: 'RollNo',
    problem: `${row.email} is linked to ${row.RollNo} again (first on row ${first})`,
  }),
};
