/**
 * Building OperationDefs with the defaults most operations share, so each definition states only
 * what is particular to it (and every particular is visible in one line).
 */
import type { ApiRoot, OperationDef } from "../core/contract";

/** This spec's resource version: every v2 operation answers to it. */
export const CURRENT_VERSION = "2025-03-12";
export const DEPRECATED_2023 = "2023-01-01";
export const DEPRECATED_2024 = "2024-05-30";
/** The legacy root's only version (Accept: application/json). */
export const LEGACY_VERSION = "1.0";

type Defaults = "root" | "versions" | "rateLimited" | "pretty";

export function defineOperation(
  def: Omit<OperationDef, Defaults> & {
    root?: ApiRoot;
    deprecatedVersions?: string[];
    rateLimited?: boolean;
    pretty?: boolean;
  },
): OperationDef {
  const { deprecatedVersions = [], ...rest } = def;
  const root = def.root ?? "v2";
  return {
    ...rest,
    root,
    versions: root === "v1.0" ? [LEGACY_VERSION] : [CURRENT_VERSION, ...deprecatedVersions],
    rateLimited: def.rateLimited ?? false,
    pretty: def.pretty ?? true,
  };
}
