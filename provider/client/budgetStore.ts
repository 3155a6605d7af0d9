/**
 * The project budgets the throttle (throttle.ts) shares between processes: a `pulumi refresh` that
 * starts right after an `up` (each command runs its own provider process) must not start with a
 * full bucket while the service still counts the `up`'s requests.
 *
 * One small file per origin and project under a directory: each line is the time (epoch ms) at
 * which one token comes back, appended when a request's answer arrives. Appends of one short line
 * are atomic on POSIX file systems (O_APPEND), so concurrent processes never interleave within a
 * line; a reader skips any line it cannot parse. A new bucket loads the tokens still out. The file
 * is compacted (rewritten through a rename) when it holds many past lines. The file is a hint: any
 * error reading or writing it is ignored, and the service's own answers correct the bucket anyway.
 */
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface BudgetStore {
  /** The return times (epoch ms) after `now` of the tokens other processes still hold. */
  load(key: string, now: number): number[];
  /** One token of this process comes back at `returnAt` (epoch ms). */
  record(key: string, returnAt: number): void;
}

/** Lines a file may hold before a load compacts it. */
const COMPACT_AFTER_LINES = 2000;

/** The budget store in `dir` (created on first write). */
export function fileBudgetStore(dir: string): BudgetStore {
  const fileOf = (key: string) =>
    join(dir, `${createHash("sha256").update(key).digest("hex").slice(0, 24)}.budget`);
  return {
    load(key, now) {
      const file = fileOf(key);
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        return [];
      }
      const lines = text.split("\n");
      const ahead = lines.map(Number).filter((at) => Number.isFinite(at) && at > now);
      if (lines.length > COMPACT_AFTER_LINES) {
        try {
          const temporary = `${file}.${process.pid}.tmp`;
          writeFileSync(temporary, ahead.map((at) => `${at}\n`).join(""));
          renameSync(temporary, file);
        } catch {
          // Compaction is an optimisation only.
        }
      }
      return ahead.sort((a, b) => a - b);
    },
    record(key, returnAt) {
      try {
        mkdirSync(dir, { recursive: true });
        appendFileSync(fileOf(key), `${Math.round(returnAt)}\n`);
      } catch {
        // A budget that cannot be shared still throttles this process.
      }
    },
  };
}
