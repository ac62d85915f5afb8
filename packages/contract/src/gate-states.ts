/**
 * Where an approved gate pass stands at the gate: ready (not used yet), out (exit recorded), returned,
 * overdue (out past its return time), expired (its day ended unused) or revoked (by staff, unused).
 */
export const GATE_STATES = ['ready', 'out', 'overdue', 'returned', 'expired', 'revoked'] as const;
export type GateState = (typeof GATE_STATES)[number];
