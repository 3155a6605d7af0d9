/**
 * Divergences the contract check accepts (docs/contract-check.md, "The allow-list"). Each entry names
 * the operation ("*" for every one), the side, the kind, the JSON path ("" for the whole body or a
 * header/parameter name) and why it is accepted.
 *
 * Two sections:
 * - CONTRACT_ARTIFACTS: the vendored contract is wrong or looser than the service, and we follow the
 *   specification (docs/spec/api-spec.md) instead. These stay.
 * - OURS_BEING_FIXED: real bugs of the client or the emulator that are being fixed on other branches.
 *   The lead removes entries as the fixes merge; an entry that no longer matches anything is reported
 *   as stale by the check, so the section can only shrink.
 */
import type { Divergence, DivergenceKind } from "./oracle";

export interface AllowListEntry {
  operation: string;
  side: Divergence["side"];
  kind: DivergenceKind;
  path: string;
  reason: string;
}

export const CONTRACT_ARTIFACTS: readonly AllowListEntry[] = [];

export const OURS_BEING_FIXED: readonly AllowListEntry[] = [];

export const ALLOW_LIST: readonly AllowListEntry[] = [...CONTRACT_ARTIFACTS, ...OURS_BEING_FIXED];

/** Whether an entry covers a divergence (operation "*" covers every operation). */
export function allows(entry: AllowListEntry, divergence: Divergence): boolean {
  return (
    (entry.operation === "*" || entry.operation === divergence.operation) &&
    entry.side === divergence.side &&
    entry.kind === divergence.kind &&
    entry.path === divergence.path
  );
}
