/**
 * Runs the oracle over recorded traffic and groups what it finds: the logic of
 * scripts/contract-check.ts, kept here so the unit tests exercise it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ALLOW_LIST, type AllowListEntry, allows } from "./allow-list";
import { type Coverage, countExchange } from "./coverage";
import type { ContractOracle, Divergence, RecordedExchange } from "./oracle";

export interface DivergenceGroup {
  divergence: Divergence;
  count: number;
  /** One exchange that showed it. */
  example: RecordedExchange;
  allowedBy: AllowListEntry | undefined;
}

export interface ContractReport {
  exchanges: number;
  requestsValidated: number;
  answersValidated: number;
  /** Reason -> count of exchanges that are not API operations. */
  skipped: Map<string, number>;
  /** Answers to hand-made requests for paths or methods outside the contract. */
  unmatchedHandMade: number;
  groups: DivergenceGroup[];
  /** Allow-list entries that matched nothing. */
  staleEntries: AllowListEntry[];
  /** Per operation of the contract: exchanges, requests of our client, request body variants. */
  coverage: Coverage;
}

export function readTraffic(dir: string): RecordedExchange[] {
  const exchanges: RecordedExchange[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".jsonl")) continue;
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      if (line.trim() !== "") exchanges.push(JSON.parse(line) as RecordedExchange);
    }
  }
  return exchanges;
}

export function buildReport(
  oracle: ContractOracle,
  exchanges: readonly RecordedExchange[],
  allowList: readonly AllowListEntry[] = ALLOW_LIST,
): ContractReport {
  const report: ContractReport = {
    exchanges: exchanges.length,
    requestsValidated: 0,
    answersValidated: 0,
    skipped: new Map(),
    unmatchedHandMade: 0,
    groups: [],
    staleEntries: [],
    coverage: new Map(),
  };
  const groups = new Map<string, DivergenceGroup>();
  const used = new Set<AllowListEntry>();
  for (const exchange of exchanges) {
    const verdict = oracle.check(exchange);
    if (verdict.kind === "skipped") {
      report.skipped.set(verdict.reason, (report.skipped.get(verdict.reason) ?? 0) + 1);
      continue;
    }
    if (verdict.operation !== undefined)
      countExchange(report.coverage, verdict.operation, verdict.requestChecked, verdict.variants);
    if (verdict.requestChecked) report.requestsValidated += 1;
    if (verdict.answerChecked) report.answersValidated += 1;
    else if (!verdict.requestChecked) report.unmatchedHandMade += 1;
    for (const divergence of verdict.divergences) {
      const key = [
        divergence.operation,
        divergence.side,
        divergence.kind,
        divergence.path,
        divergence.message,
      ].join("\u0000");
      const group = groups.get(key);
      if (group) {
        group.count += 1;
        continue;
      }
      const allowedBy = allowList.find((entry) => allows(entry, divergence));
      if (allowedBy) used.add(allowedBy);
      groups.set(key, { divergence, count: 1, example: exchange, allowedBy });
    }
  }
  report.groups = [...groups.values()].sort(
    (a, b) =>
      a.divergence.operation.localeCompare(b.divergence.operation) ||
      a.divergence.kind.localeCompare(b.divergence.kind) ||
      a.divergence.path.localeCompare(b.divergence.path),
  );
  report.staleEntries = allowList.filter((entry) => !used.has(entry));
  return report;
}

/** The report as the check prints it. */
export function formatReport(report: ContractReport): string {
  const lines: string[] = [];
  lines.push(
    `[contract] ${report.exchanges} exchanges recorded: ${report.requestsValidated} requests of our client validated, ${report.answersValidated} answers validated`,
  );
  for (const [reason, count] of report.skipped) lines.push(`[contract] skipped ${count}: ${reason}`);
  if (report.unmatchedHandMade > 0) {
    lines.push(
      `[contract] ${report.unmatchedHandMade} hand-made requests to paths or methods outside the contract (their answers have no operation to check against)`,
    );
  }
  const open = report.groups.filter((group) => !group.allowedBy);
  const allowed = report.groups.filter((group) => group.allowedBy);
  const byKind = new Map<string, number>();
  for (const group of report.groups) {
    const key = `${group.divergence.side} ${group.divergence.kind}${group.allowedBy ? " (allowed)" : ""}`;
    byKind.set(key, (byKind.get(key) ?? 0) + group.count);
  }
  for (const [kind, count] of [...byKind].sort()) lines.push(`[contract]   ${count} x ${kind}`);
  lines.push(
    `[contract] ${allowed.length} divergence groups allowed by the allow-list, ${open.length} not allowed`,
  );
  for (const group of open) lines.push(...formatGroup(group));
  return lines.join("\n");
}

/** How an allow-list entry is named in the check's output. */
export function describeEntry(entry: AllowListEntry): string {
  return `${entry.operation} ${entry.side} ${entry.kind} ${entry.path || "(body)"}${entry.messageIncludes === undefined ? "" : ` ("${entry.messageIncludes}")`}`;
}

export function formatGroup(group: DivergenceGroup): string[] {
  const { divergence, example } = group;
  const query = example.query === "" ? "" : `?${example.query}`;
  return [
    `  ${divergence.operation} | ${divergence.side} ${divergence.kind} | ${divergence.path || "(body)"} | ${divergence.message} | ${group.count}x`,
    `    e.g. ${example.method} ${example.path}${query} (Accept ${example.request.accept ?? "none"}) -> ${example.status} ${example.response.contentType ?? ""}`,
    ...(divergence.side === "request" && example.request.body
      ? [`    request: ${abbreviate(example.request.body)}`]
      : []),
    ...(divergence.side === "answer" && example.response.body
      ? [`    answer: ${abbreviate(example.response.body)}`]
      : []),
  ];
}

function abbreviate(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 300 ? `${flat.slice(0, 300)}...` : flat;
}
