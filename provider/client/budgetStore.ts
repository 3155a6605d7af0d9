/**
 * The project budgets the throttle (throttle.ts) shares between processes: a `pulumi refresh` that
 * starts right after an `up` (each command runs its own provider process) must not start with an
 * empty window while the service still counts the `up`'s requests.
 *
 * One small file per origin and project under a directory, one line per event, appended:
 * - `s <id> <sentAt>`: a request was sent (so a process starting meanwhile counts it in flight);
 * - `a <id> <sentAt> <answeredAt>`: its answer arrived;
 * - `r <id>`: it was refused (429): the service did not count it;
 * - `p <lo> <hi>`: the service's window boundary lies in [lo, hi] (epoch ms), learned from a 429's
 *   Retry-After; the last such line wins.
 * Appends of one short line are atomic on POSIX file systems (O_APPEND), so concurrent processes
 * never interleave within a line; a reader skips any line it cannot parse. The file is compacted
 * (rewritten through a rename) when it holds many lines. The file is a hint: any error reading or
 * writing it is ignored, and the service's own answers correct the bucket anyway.
 */
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Where the service's windows start: at k * window + p for some p in [lo, hi] (epoch ms). */
export interface ServicePhase {
  lo: number;
  hi: number;
}

export interface StoredRequest {
  id: string;
  sentAt: number;
  /** Undefined while in flight (or if its process died before the answer). */
  answeredAt: number | undefined;
}

export interface BudgetStore {
  /** The requests answered (or sent, if unanswered) at or after `since`, and the learned phase. */
  load(key: string, since: number): { requests: StoredRequest[]; phase: ServicePhase | undefined };
  recordSent(key: string, id: string, sentAt: number): void;
  recordAnswered(key: string, id: string, sentAt: number, answeredAt: number): void;
  recordRefused(key: string, id: string): void;
  recordPhase(key: string, phase: ServicePhase): void;
}

/** Lines a file may hold before a load compacts it. */
const COMPACT_AFTER_LINES = 2000;

/** The budget store in `dir` (created on first write). */
export function fileBudgetStore(dir: string): BudgetStore {
  const fileOf = (key: string) =>
    join(dir, `${createHash("sha256").update(key).digest("hex").slice(0, 24)}.budget`);
  // Every request appends two lines: the directory is made once, not before each append (made
  // again only after an append failed, e.g. when the directory was removed meanwhile).
  let directoryMade = false;
  const append = (key: string, line: string) => {
    try {
      if (!directoryMade) mkdirSync(dir, { recursive: true });
      directoryMade = true;
      appendFileSync(fileOf(key), `${line}\n`);
    } catch {
      directoryMade = false;
      // A budget that cannot be shared still throttles this process.
    }
  };
  const whole = (text: string | undefined) => {
    const value = Number(text);
    return text !== undefined && text !== "" && Number.isFinite(value) ? value : undefined;
  };
  return {
    load(key, since) {
      const file = fileOf(key);
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        return { requests: [], phase: undefined };
      }
      const lines = text.split("\n");
      const requests = new Map<string, StoredRequest>();
      let phase: ServicePhase | undefined;
      const refused = new Set<string>();
      for (const line of lines) {
        const [kind, first, second, third] = line.split(" ");
        if (kind === "p") {
          const lo = whole(first);
          const hi = whole(second);
          if (lo !== undefined && hi !== undefined && lo <= hi) phase = { lo, hi };
        } else if (kind === "r" && first !== undefined) {
          refused.add(first);
        } else if ((kind === "s" || kind === "a") && first !== undefined && first !== "") {
          const sentAt = whole(second);
          const answeredAt = kind === "a" ? whole(third) : undefined;
          if (sentAt === undefined || (kind === "a" && answeredAt === undefined)) continue;
          // An answer line wins over the send line, whichever order they were read in.
          if (kind === "s" && requests.get(first)?.answeredAt !== undefined) continue;
          requests.set(first, { id: first, sentAt, answeredAt });
        }
      }
      const recent = [...requests.values()].filter(
        (request) => !refused.has(request.id) && (request.answeredAt ?? request.sentAt) >= since,
      );
      if (lines.length > COMPACT_AFTER_LINES) {
        try {
          const temporary = `${file}.${process.pid}.tmp`;
          const kept = recent.map((request) =>
            request.answeredAt === undefined
              ? `s ${request.id} ${request.sentAt}\n`
              : `a ${request.id} ${request.sentAt} ${request.answeredAt}\n`,
          );
          if (phase !== undefined) kept.push(`p ${phase.lo} ${phase.hi}\n`);
          writeFileSync(temporary, kept.join(""));
          renameSync(temporary, file);
        } catch {
          // Compaction is an optimisation only.
        }
      }
      return { requests: recent, phase };
    },
    recordSent(key, id, sentAt) {
      append(key, `s ${id} ${Math.round(sentAt)}`);
    },
    recordAnswered(key, id, sentAt, answeredAt) {
      append(key, `a ${id} ${Math.round(sentAt)} ${Math.round(answeredAt)}`);
    },
    recordRefused(key, id) {
      append(key, `r ${id}`);
    },
    recordPhase(key, phase) {
      append(key, `p ${Math.round(phase.lo)} ${Math.round(phase.hi)}`);
    },
  };
}
